// issue 15, Vitest half, end to end: the examples in test/runners/vitest/ (the same src/ as
// examples/<name>, their tests importing `test` from 'vitest', their commands `npx vitest run …`)
// are traced, fuzzed, replayed and ranked through the CLI as the node:test examples are — the
// Vite plugin instruments the code Vite loads, no vitest.config.* edited. Few runs, --jobs 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, REPO } from '../helpers/cli.ts';

const FIXTURES = join(REPO, 'test', 'runners', 'vitest');
const EXAMPLES = join(REPO, 'examples');

interface Position { rank: number; kind: string; function: string; caller?: string; status: string; confirmed: boolean }
interface Report { positions: Position[]; summary: { violations: number } }
interface FuzzReport { violations: number; byKind: Record<string, number>; firstViolation?: { file?: string }; outcomes: { outcome: string; violationFile?: string }[] }

const clean = (dir: string) => rmSync(join(dir, '.conlens'), { recursive: true, force: true });

/** The program point names `conlens trace` prints (the table after its header). */
function tracePoints(dir: string): string[] {
  const { status, stdout, stderr } = conlens(['trace', dir, '--tests', 'unit']);
  clean(dir);
  assert.equal(status, 0, `${stdout}\n${stderr}`);
  // The table's header line, not the summary's "N program points".
  const table = stdout.split('\nprogram point')[1] ?? '';
  return table.split('\n').slice(1).map((line) => line.split(/\s+/)[0]).filter(Boolean).sort();
}

for (const name of ['account', 'bank-transfer']) {
  test(`${name}: the Vitest fixture runs the example's own source`, () => {
    for (const variant of ['', 'fixed']) {
      const src = join(EXAMPLES, name, variant, 'src');
      for (const file of readdirSync(src)) {
        assert.equal(readFileSync(join(FIXTURES, name, variant, 'src', file), 'utf8'), readFileSync(join(src, file), 'utf8'), `${name}/${variant}/src/${file} drifted from examples/`);
      }
    }
  });
}

test('trace under Vitest records the same program points as under node:test', () => {
  const vitest = tracePoints(join(FIXTURES, 'account'));
  assert.ok(vitest.length > 0, 'no program point under Vitest');
  assert.deepEqual(vitest, tracePoints(join(EXAMPLES, 'account')));
});

test('fuzz finds the account bug under Vitest and replay reproduces it', () => {
  const dir = join(FIXTURES, 'account');
  try {
    const fuzzed = conlens(['fuzz', dir, '--runs', '4', '--jobs', '2', '--json', '-']);
    const report = JSON.parse(fuzzed.stdout) as FuzzReport;
    assert.ok(report.violations > 0, fuzzed.stdout);
    const violation = report.outcomes.find((o) => o.violationFile)?.violationFile;
    assert.ok(violation);
    const replayed = conlens(['replay', violation, dir]);
    assert.match(replayed.stdout, /reproduced: the same kind of failure happened/, replayed.stdout + replayed.stderr);
    assert.match(replayed.stdout, /the schedule was identical/);
  } finally {
    clean(dir);
  }
});

test('a deadlock under Vitest is reported by the stall detector, not left to the test timeout', () => {
  const dir = join(FIXTURES, 'bank-transfer');
  const started = performance.now();
  const fuzzed = conlens(['fuzz', dir, '--runs', '2', '--jobs', '2', '--json', '-']);
  clean(dir);
  const report = JSON.parse(fuzzed.stdout) as FuzzReport;
  assert.ok((report.byKind.deadlock ?? 0) > 0, fuzzed.stdout);
  // Vitest's test timeout is 5 s a test here; the stall ends the worker after 2 s.
  assert.ok(performance.now() - started < 15_000, `took ${Math.round(performance.now() - started)} ms`);
});

test('rank under Vitest puts the expected fault first; the fixed variant has nothing confirmed', () => {
  const dir = join(FIXTURES, 'account');
  const { fault } = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { fault: string };
  const buggy = conlens(['rank', dir, '--runs', '4', '--jobs', '2', '--exit-zero', '--json', '-']);
  clean(dir);
  assert.equal(buggy.status, 0, buggy.stderr);
  const report = JSON.parse(buggy.stdout) as Report;
  const first = report.positions.filter((p) => p.rank === 1);
  assert.ok(first.some((p) => p.function === fault || p.caller === fault), JSON.stringify(report.positions.slice(0, 3)));
  const fixedDir = join(dir, 'fixed');
  const fixed = conlens(['rank', fixedDir, '--runs', '3', '--jobs', '2', '--json', '-']);
  clean(fixedDir);
  assert.equal(fixed.status, 0, fixed.stderr);
  assert.deepEqual((JSON.parse(fixed.stdout) as Report).positions.filter((p) => p.confirmed), []);
});

test('a CommonJS project with plain .js sources under Vitest: traced, and rank finds its lost update', async () => {
  const { tempProject } = await import('../helpers/temp-project.ts');
  const { symlinkSync } = await import('node:fs');
  const dir = tempProject({
    'package.json': '{ "name": "cjs-js", "private": true, "type": "commonjs" }',
    'src/counter.js': `const delay = (ms) => new Promise((r) => setTimeout(r, ms));
class Counter {
  constructor() { this.value = 0; }
  async increment() {
    const v = this.value;
    await delay(1);
    this.value = v + 1;
  }
}
module.exports = { Counter };
`,
    'test/unit/counter.test.js': "import { test, expect } from 'vitest';\nimport { Counter } from '../../src/counter.js';\ntest('one', async () => { const c = new Counter(); await c.increment(); expect(c.value).toBe(1); });\n",
    'test/integration/counter.test.js': "import { test, expect } from 'vitest';\nimport { Counter } from '../../src/counter.js';\ntest('two at once', async () => { const c = new Counter(); await Promise.all([c.increment(), c.increment()]); expect(c.value).toBe(2); });\n",
    'conlens.config.json': '{ "include": ["src/**/*.js"], "unit": { "command": "npx vitest run test/unit" }, "integration": { "command": "npx vitest run test/integration" } }',
  });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  assert.deepEqual(tracePoints(dir), ['Counter.constructor', 'Counter.increment', 'delay']);
  const ranked = conlens(['rank', dir, '--runs', '4', '--jobs', '2', '--json', '-']);
  assert.equal(ranked.status, 1, ranked.stderr);
  const report = JSON.parse(ranked.stdout) as Report;
  assert.equal(report.positions[0].function, 'Counter.increment');
  assert.equal(report.positions[0].status, 'confirmed');
});
