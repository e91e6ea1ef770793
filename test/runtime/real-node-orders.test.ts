// Real Node orders (docs/how-it-works.md): a run the controlled scheduler produces must be one a
// real Node process can produce for some I/O and timer durations. An `await` of a value that is no
// promise (a synchronous store's `has`, a Map lookup) has nothing to wait for: Node resumes it in
// the microtasks right after the await, before any later macrotask. The scheduler used to let a
// continuation that settled in a later turn (a library's setImmediate, a timer, I/O) or a
// callback go first, and a memoizer's own test — the in-flight load shared by a second caller —
// failed, then hung, under the tool and never plain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced } from '../../src/core/trace/index.ts';
import { Scheduler, type ScheduledActivation } from '../../src/core/runtime/scheduler.ts';
import { AtomFuzzerStrategy, PctStrategy, RandomStrategy, type Strategy } from '../../src/core/runtime/strategies/index.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

const STRATEGIES: Record<string, (seed: number) => Strategy> = {
  random: (seed) => new RandomStrategy(seed),
  pct: (seed) => new PctStrategy(seed, 3, 10),
  atomfuzzer: (seed) => new AtomFuzzerStrategy(seed),
};
const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);

const act = (id: number): ScheduledActivation => ({ id, parent: undefined, exited: false });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Task A awaits `operand`; test code awaits a promise that settles one event-loop turn later
 *  (its setImmediate registered after or, `probeFirst`, before the scheduler's first turn).
 *  Returns which resumed first. */
async function race(strategy: Strategy, operand: unknown, probeFirst = false): Promise<string[]> {
  const scheduler = new Scheduler(strategy, { stallMs: 1000, settleMs: 50 }, () => {});
  const order: string[] = [];
  const turn = probeFirst ? nextTurn() : undefined;
  const loader = (async () => {
    await scheduler.park(act(1), 1, operand, {});
    order.push('loader');
  })();
  const probe = (async () => {
    await scheduler.park(undefined, 2, turn ?? nextTurn(), { task: -1 });
    order.push('probe');
  })();
  await Promise.all([loader, probe]);
  return order;
}

test('an await of a value that is no promise resumes before what settles in a later turn, whatever the strategy and seed', async () => {
  for (const [name, make] of Object.entries(STRATEGIES)) {
    for (const seed of SEEDS) {
      for (const operand of [false, undefined, 0, { cached: true }, [1, 2]]) {
        for (const probeFirst of [false, true]) {
          assert.deepEqual(await race(make(seed), operand, probeFirst), ['loader', 'probe'], `${name} seed ${seed}, operand ${JSON.stringify(operand)}${probeFirst ? ', probe registered first' : ''}`);
        }
      }
    }
  }
});

test('a promise or a thenable stays an await that may take any time (mocked I/O): either order happens', async () => {
  for (const operand of [() => Promise.resolve(true), () => ({ then: (resolve: (v: boolean) => void) => resolve(true) })]) {
    const firsts = new Set<string>();
    for (const seed of SEEDS) firsts.add((await race(new RandomStrategy(seed), operand()))[0]);
    assert.deepEqual([...firsts].sort(), ['loader', 'probe']);
  }
});

test('no callback is chosen before an await with nothing to wait for (no delay injection past it)', async () => {
  for (const [name, make] of Object.entries(STRATEGIES)) {
    for (const seed of SEEDS) {
      const events: TraceEvent[] = [];
      const scheduler = new Scheduler(make(seed), { stallMs: 1000, settleMs: 50 }, (e) => events.push(e));
      const order: string[] = [];
      // A timer the program registered, due soon: a candidate for delay injection…
      const token = {};
      scheduler.expectCallback(token, 'c1.0', 7, performance.now() + 5, undefined, { order: 1 });
      setTimeout(() => scheduler.parkCallback(act(1_000_000_001), 7, { key: 'c1.0', loop: { order: 1 }, token }, () => order.push('timer')), 2);
      // … but a task awaits a value that is no promise: Node resumes it before any timer.
      await scheduler.park(act(2), 1, false, {});
      order.push('task');
      while (order.length < 2) await nextTurn();
      assert.deepEqual(order, ['task', 'timer'], `${name} seed ${seed}`);
      const first = events.find((e) => e.e === 'sched');
      assert.ok(first?.e === 'sched' && first.c === 1, `${name} seed ${seed}: the timer was a candidate of the first decision`);
    }
  }
});

// The shape of the bug end to end, in a project of our own: a loader that shares the load in
// flight with later callers, and keeps results in a synchronous store it awaits (`await
// results.has(key)` — a boolean); the test probes whether a promise is still pending with a helper
// from node_modules that waits one setImmediate turn.
const PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], integration: { command: 'node --test test/shared-load.test.ts' }, timeoutMs: 20000 }),
  'node_modules/pending-probe/package.json': '{ "name": "pending-probe", "type": "module", "main": "index.js" }',
  'node_modules/pending-probe/index.js': `const NOT_YET = Symbol('not yet');
export async function isPending(promise) {
  await new Promise((resolve) => setImmediate(resolve));
  return (await Promise.race([promise, NOT_YET])) === NOT_YET;
}
`,
  'src/shared-load.ts': `/** Loads each key once: a caller that comes while a load is in flight gets that load's promise. */
export function sharedLoader<V>(load: (key: string) => Promise<V>, results: { has(key: string): boolean | Promise<boolean>; get(key: string): V | undefined; set(key: string, value: V): unknown } = new Map<string, V>()) {
  const inFlight = new Map<string, Promise<V>>();
  return (key: string): Promise<V> => {
    const running = inFlight.get(key);
    if (running !== undefined) return running;
    const loading = (async (): Promise<V> => {
      try {
        const known = await results.has(key);
        if (known) return results.get(key) as V;
        const value = await load(key);
        results.set(key, value);
        return value;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, loading);
    return loading;
  };
}
`,
  'test/shared-load.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPending } from 'pending-probe';
import { sharedLoader } from '../src/shared-load.ts';

test('a load in flight is shared with the next caller', async () => {
  for (let round = 0; round < 6; round++) {
    let finish!: (value: string) => void;
    const slow = new Promise<string>((resolve) => (finish = resolve));
    let loads = 0;
    const results = new Map<string, string>();
    const get = sharedLoader(async () => {
      loads++;
      return slow;
    }, results);
    const first = get('key');
    assert.equal(await isPending(first), true);
    const second = get('key');
    assert.equal(await isPending(second), true);
    assert.equal(second, first);
    assert.equal(loads, 1, 'one load for two callers');
    finish('value ' + round);
    assert.equal(await first, 'value ' + round);
    assert.equal(await second, 'value ' + round);
    assert.equal(await get('key'), 'value ' + round, 'a result comes from the store');
    assert.equal(results.get('key'), 'value ' + round);
  }
});
`,
};

test('a shared in-flight load (a memo hit) passes under random, pct and atomfuzzer over many seeds, as it does plain', async () => {
  const loaded = loadConfig(tempProject(PROJECT));
  const plain = await runTraced(loaded, { suite: 'integration' });
  assert.equal(plain.passed, true, plain.output);
  const failed: string[] = [];
  for (const strategy of ['random', 'pct', 'atomfuzzer'] as const) {
    for (const seed of [1, 2, 3, 4, 5]) {
      const run = await runTraced(loaded, { suite: 'integration', schedule: { strategy, seed, settleMs: 20 } });
      if (!run.passed) failed.push(`${strategy} seed ${seed}: ${run.output.split('\n').find((l) => /hang|not ok|AssertionError|Expected/.test(l)) ?? run.output.slice(-300)}`);
    }
  }
  assert.deepEqual(failed, []);
});
