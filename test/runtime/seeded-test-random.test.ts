// A replayed seed must repeat the run, and a test's fake latency is often drawn in the test file
// (`setTimeout(r, Math.random() * 5)`), not in the program (unseen3: 4 of 9 tune cases could not
// be isolated, "replaying the failing schedule gave a pass"). So test code's Math.random follows
// the seed too, from a sequence of its own. Not under Jest: its test files have a Math of their
// own (a vm context), and seeding it there made every scheduled run of Jest 27–29 hang (the slow
// tier's jest-versions, trial 16) — left out until that is understood.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced } from '../../src/core/trace/index.ts';
import { tempProject } from '../helpers/temp-project.ts';

interface Draws {
  test: number[];
  program: number[];
}

/** The draws the project's integration test wrote, for a scheduled run with `seed` (plain: none). */
async function drawsOf(root: string, seed?: number): Promise<Draws> {
  const run = await runTraced(loadConfig(root), { suite: 'integration', ...(seed === undefined ? {} : { schedule: { strategy: 'random' as const, seed, settleMs: 20 } }) });
  assert.equal(run.passed, true, run.output);
  return JSON.parse(readFileSync(join(root, 'draws.json'), 'utf8')) as Draws;
}

async function checkSeeded(root: string): Promise<void> {
  const a = await drawsOf(root, 5);
  assert.equal(a.test.length, 3);
  assert.equal(a.program.length, 2);
  assert.deepEqual(await drawsOf(root, 5), a, 'the same seed: the same draws, in the test file and in the program');
  const b = await drawsOf(root, 6);
  assert.notDeepEqual(b.test, a.test, 'another seed draws other numbers');
  assert.notDeepEqual(b.program, a.program);
  // Two sequences: the test's draws are not the program's.
  assert.notDeepEqual(a.test.slice(0, 2), a.program);
  for (const x of [...a.test, ...a.program, ...b.test]) assert.ok(x >= 0 && x < 1, String(x));
  // Plain runs keep the builtin.
  assert.notDeepEqual((await drawsOf(root)).test, (await drawsOf(root)).test);
}

const PROGRAM = `export function jitter(): number[] {
  return [Math.random(), Math.random()];
}
`;

test("node:test: a scheduled run's test-code draws and program draws repeat with the seed", async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], integration: { command: 'node --test test/draws.test.ts' }, timeoutMs: 20000 }),
    'src/jitter.ts': PROGRAM,
    'test/draws.test.ts': `import { test } from 'node:test';
import { writeFileSync } from 'node:fs';
import { jitter } from '../src/jitter.ts';

test('draws', async () => {
  const latency = () => new Promise((r) => setTimeout(r, Math.random() * 3));
  const drawn: number[] = [];
  for (let i = 0; i < 3; i++) {
    drawn.push(Math.random());
    await latency();
  }
  writeFileSync(new URL('../draws.json', import.meta.url), JSON.stringify({ test: drawn, program: jitter() }));
});
`,
  });
  await checkSeeded(root);
});
