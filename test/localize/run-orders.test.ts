// 004 IV-D from real trace files: relative call orders (run-orders.ts). The traces are written by
// hand in the recorder's format: a root, tasks, loops, constructors, the test as the root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { integrationFacts } from '../../src/core/localize/run-orders.ts';
import { tempProject } from '../helpers/temp-project.ts';

type Fn = [name: string, kind?: 'method' | 'constructor' | 'function'];

/** One trace file: `calls` are [activation, parent, function index] in call order; every
 *  activation exits at the end. */
function trace(functions: Fn[], calls: [number, number | null, number][], spawned: number[] = []): string {
  const lines: object[] = [{ e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: [], cwd: '/', started: '', fields: false }];
  functions.forEach(([name, kind = 'method'], i) => lines.push({ e: 'fn', i, name, file: 'src/a.ts', line: i + 1, kind, async: true }));
  calls.forEach(([a, p, f], k) => {
    lines.push({ e: 'en', a, p, f, o: k + 1, v: {} });
    if (spawned.includes(a)) lines.push({ e: 'spawn', a });
  });
  for (const [a, , f] of [...calls].reverse()) lines.push({ e: 'ex', a, f, x: 1, v: {} });
  lines.push({ e: 'end' });
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

async function orders(files: string[], roots: string[]) {
  const dir = tempProject({});
  files.forEach((text, i) => writeFileSync(join(dir, `trace-${i}.jsonl`), text));
  const facts = await integrationFacts([dir], roots);
  return { facts, byRun: facts.executions.map((run) => Object.fromEntries(run.map((r) => [r.function, r.orders]))) };
}

// 004 §V-D, Table XII: main starts two producers and a consumer; each producer pushes in a loop,
// push enters the monitor. Push has relative order 2 in every call (Producer.run 1), as the paper
// marks it, although the calls interleave and repeat; the constructors take no position.
test('producer-consumer shape: loop iterations and tasks share a position; constructors take none', async () => {
  const fns: Fn[] = [['main', 'function'], ['SyncStack.constructor', 'constructor'], ['Producer.constructor', 'constructor'], ['Producer.run'], ['SyncStack.push'], ['Monitor.enter'], ['Consumer.run'], ['SyncStack.pop'], ['WoTou.constructor', 'constructor']];
  const { byRun, facts } = await orders(
    [
      trace(
        fns,
        [
          [1, null, 0], [2, 1, 1], [3, 1, 2], [4, 1, 2],
          [5, 1, 3], [6, 5, 8], [7, 5, 4], [8, 7, 5],
          [9, 1, 3], [10, 9, 8], [11, 9, 4], [12, 11, 5],
          [13, 1, 6], [14, 13, 7], [15, 14, 5],
          [16, 5, 8], [17, 5, 4], [18, 17, 5], [19, 9, 4], [20, 19, 5], [21, 13, 7], [22, 21, 5],
        ],
        [5, 9, 13],
      ),
    ],
    ['main'],
  );
  assert.deepEqual(byRun[0], {
    main: [0],
    'SyncStack.constructor': [0],
    'Producer.constructor': [0, 0],
    'Producer.run': [1, 1],
    'WoTou.constructor': [1, 1, 1],
    'SyncStack.push': [2, 2, 2, 2],
    'Monitor.enter': [3, 3, 6, 3, 3, 6],
    'Consumer.run': [4],
    'SyncStack.pop': [5, 5],
  });
  assert.equal(facts.concurrentProcesses, 1);
});

// Table III: SA.run 0, func1 1, func2 2, func3 3 — with one task and no repetition, the relative
// order is the position in the call sequence.
test('the running example: one task, no repetition — the call sequence itself', async () => {
  const fns: Fn[] = [['SA.run'], ['SA.func1'], ['SA.func2'], ['SA.func3'], ['SA.func4']];
  const { byRun } = await orders([trace(fns, [[1, null, 0], [2, 1, 1], [3, 1, 2], [4, 3, 3]]), trace(fns, [[1, null, 0], [2, 1, 1], [3, 1, 2], [4, 3, 4]])], ['SA.run']);
  assert.deepEqual(byRun, [
    { 'SA.run': [0], 'SA.func1': [1], 'SA.func2': [2], 'SA.func3': [3] },
    { 'SA.run': [0], 'SA.func1': [1], 'SA.func2': [2], 'SA.func4': [3] },
  ]);
});

test('every root activation is an execution of its own; calls outside roots count per process', async () => {
  const fns: Fn[] = [['main', 'function'], ['Phil.run'], ['Stick.pickup'], ['Phil.eat'], ['helper', 'function']];
  const { byRun } = await orders([trace(fns, [[1, null, 4], [2, null, 0], [3, 2, 1], [4, 3, 2], [5, 3, 3], [6, 2, 1], [7, 6, 3], [8, 6, 2]])], ['Phil.run']);
  // The second philosopher calls eat first: within its own execution eat is position 1.
  assert.deepEqual(byRun[0], { helper: [1], main: [2], 'Phil.run': [0, 0], 'Stick.pickup': [1, 2], 'Phil.eat': [2, 1] });
});

test('no roots: the test is the root, every call it makes counts afresh from 1', async () => {
  const fns: Fn[] = [['Account.withdraw'], ['Account.getBalance'], ['Account.constructor', 'constructor']];
  const { byRun, facts } = await orders([trace(fns, [[1, null, 2], [2, null, 0], [3, 2, 1], [4, null, 0], [5, 4, 1], [6, null, 1]], [2, 4])], []);
  assert.deepEqual(byRun[0], { 'Account.constructor': [1], 'Account.withdraw': [1, 1], 'Account.getBalance': [2, 2, 1] });
  assert.deepEqual(facts.topLevel, ['Account.constructor', 'Account.getBalance', 'Account.withdraw']);
});
