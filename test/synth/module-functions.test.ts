// conlens synth on code with no class: module functions sharing module state (a module-level Map
// behind `const stock`, a lazy singleton in `let client`). The module's state is INTRUDER's root
// (000 §3.1 reaches shared objects from receivers and parameters, which module functions lack);
// the seed slice replays the earlier calls; each run of the oracle imports the module afresh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced } from '../../src/core/trace/run-traced.ts';
import { readSeedRun } from '../../src/core/synth/seed-invocations.ts';
import { planTests } from '../../src/core/synth/plan-tests.ts';
import { SeedSlice } from '../../src/core/synth/seed-slice.ts';
import { renderTest } from '../../src/core/synth/write-tests.ts';
import { conlens, runTest } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const FIXTURE = join(__dirname, 'fixtures', 'module-functions');

let seedRunOnce: ReturnType<typeof readSeedRun> | undefined;
function seedRun() {
  seedRunOnce ??= (async () => {
    const run = await runTraced(loadConfig(FIXTURE), { suite: 'unit', fields: true, out: mkdtempSync(join(tmpdir(), 'conlens-module-functions-')) });
    assert.ok(run.passed, run.output);
    return readSeedRun(run.runDir, FIXTURE);
  })();
  return seedRunOnce;
}

test('module state is a root: the plan pairs the module functions that conflict on the module variable', async () => {
  const seed = await seedRun();
  // The Map behind `const stock` and the scope object of `let client` are module state.
  const roots = new Set(seed.moduleRoots.flatMap((m) => [...m.values()].map((r) => `${r.file}:${r.name}`)));
  assert.deepEqual(roots, new Set(['src/inventory.ts:stock', 'src/client.ts:']));

  const plan = planTests(seed, [], 'intruder');
  assert.deepEqual(plan.skipped, []);
  assert.deepEqual(plan.tests.map((t) => `${t.parts.flat().join(' ∥ ')} on ${t.field}`).sort(), [
    'getClient ∥ getClient on client.client',
    'reserve ∥ reserve on inventory.stock.[]',
    'reserve ∥ reset on inventory.stock.[]',
    'reserve ∥ restock on inventory.stock.[]',
  ]);

  const reserve = plan.tests.find((t) => t.parts.flat().join() === 'reserve,reserve')!;
  const m = reserve.modules['src/inventory.ts'];
  assert.match(reserve.detail, /p\/c = R\/W in reserve \(line 19\), r = W in reserve \(line 19\)/);
  assert.match(reserve.reason, /both reach stock of src\/inventory\.ts \(module state, imported afresh for each run\)/);
  assert.deepEqual(reserve.fresh, ['src/inventory.ts']);
  // The seed slice: the calls the seed test made before the reservation (restock is an exported
  // arrow function).
  assert.deepEqual(reserve.setup, [`${m}.reset();`, `${m}.restock("apple", 3);`]);
  assert.deepEqual(reserve.calls, [[`${m}.reserve("apple", 2)`], [`${m}.reserve("apple", 2)`]]);
  assert.deepEqual(reserve.state, [m]);
  // The Map is not exported: the seed's own readers stand for it in the oracle's final state.
  assert.deepEqual(reserve.observe, [`${m}.available("apple")`, `${m}.available("pear")`]);

  const single = plan.tests.find((t) => t.parts.flat().join() === 'getClient,getClient')!;
  assert.match(single.detail, /p\/c = R\/W in getClient \(line 12\), r = W in getClient \(line 12\)/);
  assert.deepEqual(single.fresh, ['src/client.ts']);
  assert.deepEqual(single.setup, []);
  assert.deepEqual(single.observe, [`${single.modules['src/client.ts']}.connectCount()`]);
});

test('the module state before a call is rebuilt from the last call that overwrote all of it', async () => {
  const seed = await seedRun();
  // The second seed test's reserve('pear', 2): the module has lived through the first test, but
  // its reset() cleared the Map, so what came before it is not replayed.
  const pear = seed.invocations.find((i) => i.fn === 'reserve' && i.params[0].value === 'pear')!;
  const slice = new SeedSlice(seed);
  slice.moduleState('src/inventory.ts', pear.process, 'a', pear.order);
  assert.deepEqual(slice.statements, ['m0.reset();', 'm0.restock("pear", 1);']);
});

test('the written test imports the module afresh in every run of setup', async () => {
  const seed = await seedRun();
  const single = planTests(seed, [], 'intruder').tests.find((t) => t.parts.flat().join() === 'getClient,getClient')!;
  const outDir = join(FIXTURE, '.conlens', 'synth');
  const text = renderTest(single, { root: FIXTURE, outDir, runner: 'node', helper: { specifier: 'concurrency-lens/concurrently' }, style: '.ts' });
  assert.equal(text.slice(text.indexOf('import ')), `import { test } from 'node:test';
import { linearizable } from "concurrency-lens/concurrently";

// Module state: every run of setup imports src/client.ts afresh (a new query, a new instance).
let runs = 0;

test("getClient ∥ getClient on client.client", async () => {
  await linearizable({
    async setup() {
      const m0 = await import(\`../../src/client.ts?run=\${++runs}\`);
      return { m0 };
    },
    parts: [
      [({ m0 }) => m0.getClient()],
      [({ m0 }) => m0.getClient()],
    ],
    observe: ({ m0 }) => [m0.connectCount()],
  });
});
`);
  // Vitest resets its module registry instead (a registry reset renews what the module imports too).
  const vitest = renderTest(single, { root: FIXTURE, outDir, runner: 'vitest', helper: { specifier: 'concurrency-lens/concurrently' }, style: '.ts' });
  assert.match(vitest, /^import \{ test, vi \} from 'vitest';$/m);
  assert.match(vitest, /^ {6}vi\.resetModules\(\); const m0 = await import\("\.\.\/\.\.\/src\/client\.ts"\);$/m);
  assert.doesNotMatch(vitest, /import \* as m0/);
  // Jest runs test files as CommonJS: a require after the reset.
  const jest = renderTest(single, { root: FIXTURE, outDir, runner: 'jest', helper: { specifier: 'concurrency-lens/concurrently' }, style: '.ts' });
  assert.match(jest, /^ {6}jest\.resetModules\(\); const m0 = require\("\.\.\/\.\.\/src\/client\.ts"\);$/m);
});

test('conlens synth on module functions: the written tests expose the double reservation, the lost restock and the double connect', () => {
  const out = join(FIXTURE, '.conlens', `module-functions-${process.pid}`);
  try {
    const { status, stdout, stderr } = conlens(['synth', FIXTURE, '--method', 'intruder', '--out', out]);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /4 concurrent test\(s\) written/);
    const synth = JSON.parse(readFileSync(join(out, 'synth.json'), 'utf8')) as { tests: { name: string; parts: string[][] }[] };
    const file = (parts: string) => join(out, synth.tests.find((t) => t.parts.flat().join() === parts)!.name);
    // Every sequential order gives one true and one false; the concurrent run, two trues.
    assert.match(runTest(file('reserve,reserve'), FIXTURE), /FAILED[\s\S]*concurrent: +call 1 = true, call 2 = true/);
    // Both orders leave 3 - 2 + 3 = 4 apples; the concurrent run writes back 1 over the restock.
    // Only the observed available("apple") shows it: both calls return as in a sequential order.
    assert.match(runTest(file('reserve,restock'), FIXTURE), /FAILED[\s\S]*concurrent: +call 1 = true, call 2 = undefined; final state \[1,0\][\s\S]*c1 ; c2 +call 1 = true, call 2 = undefined; final state \[4,0\]/);
    // Each run connects in a fresh module: sequentially both calls get client #1, concurrently #1 and #2.
    assert.match(runTest(file('getClient,getClient'), FIXTURE), /FAILED[\s\S]*concurrent: +call 1 = Object\{id:1\}, call 2 = Object\{id:2\}; final state \[2\]/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('conlens rank on module functions with only sequential tests synthesizes, confirms the lazy singleton and ranks getClient first', () => {
  const root = tempProject({});
  cpSync(FIXTURE, root, { recursive: true, filter: (src) => !src.includes('.conlens') && !src.endsWith('inventory.ts') && !src.endsWith('inventory.test.ts') });
  const json = join(root, 'rank.json');
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '5', '--json', json, '--exit-zero']);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /1 test\(s\) synthesized from the unit tests/);
  assert.match(stdout, /^1\. getClient /m);
  assert.match(stdout, /T\d+ read `client` \(undefined\) at client\.ts:12 and awaited/);
  const report = JSON.parse(readFileSync(json, 'utf8')) as { positions: { rank: number; function: string; status: string }[]; violations: unknown[] };
  assert.equal(report.positions[0].function, 'getClient');
  assert.equal(report.positions[0].status, 'confirmed');
  assert.ok(report.violations.length >= 1);
});

test('rank on functions that share no state says so, not that a lock guards them; nothing ran, so not checked: exit 2 (issue 29)', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/unit/*.test.ts' } }),
    'src/pure.ts': `export async function double(n: number): Promise<number> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  return 2 * n;
}`,
    'test/unit/pure.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { double } from '../../src/pure.ts';
test('doubles', async () => {
  assert.equal(await double(2), 4);
});`,
  });
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '1', '--exit-zero']);
  assert.equal(status, 2, stderr);
  assert.match(stdout, /^Not checked: concurrent calls of double \(what the unit tests call\)\.\n {2}why: no integration test ran: none could be synthesized from the unit tests \(the calls the unit tests make touch no state reached from a receiver, a parameter or a module variable\)/);
  assert.doesNotMatch(stdout, /No suspicious position/);
});
