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

/** Tasks 1 and 2 await `first` and `second` in that order (both settled); returns who resumed first. */
async function twoAwaits(strategy: Strategy, first: Promise<unknown>, second: Promise<unknown>): Promise<string> {
  const scheduler = new Scheduler(strategy, { stallMs: 1000, settleMs: 50 }, () => {});
  const order: string[] = [];
  await Promise.all([1, 2].map(async (id) => {
    await scheduler.park(act(id), id, id === 1 ? first : second, {});
    order.push(`T${id}`);
  }));
  return order[0];
}

// Trial 19's p2d: two requests `await this.ready` (one promise, settled long before); the
// mocked-I/O model swapped them, and a lost update no Node run makes was "confirmed". Reactions to
// one promise run in the order they were registered, whenever it settles.
test('two awaits of one promise resume in the order they awaited it, under every strategy and seed; two promises may swap', async () => {
  for (const [name, make] of Object.entries(STRATEGIES)) {
    const ready = Promise.resolve();
    for (const seed of SEEDS) assert.equal(await twoAwaits(make(seed), ready, ready), 'T1', `${name} seed ${seed}`);
  }
  const firsts = new Set<string>();
  for (const seed of SEEDS) firsts.add(await twoAwaits(new RandomStrategy(seed), Promise.resolve(), Promise.resolve()));
  assert.deepEqual([...firsts].sort(), ['T1', 'T2']);
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

/** The project's integration tests pass plain; then under random, pct and atomfuzzer with seeds
 *  1…`seeds`: the runs that failed, each with its first telling line (none expected). */
async function failingOnlyScheduled(project: Record<string, string>, seeds: number): Promise<string[]> {
  const loaded = loadConfig(tempProject(project));
  const plain = await runTraced(loaded, { suite: 'integration' });
  assert.equal(plain.passed, true, plain.output);
  const failed: string[] = [];
  for (const strategy of ['random', 'pct', 'atomfuzzer'] as const) {
    for (let seed = 1; seed <= seeds; seed++) {
      const run = await runTraced(loaded, { suite: 'integration', schedule: { strategy, seed, settleMs: 20 } });
      if (!run.passed) failed.push(`${strategy} seed ${seed}: ${run.output.split('\n').find((l) => /hang|not ok|AssertionError|Expected|Error/.test(l)) ?? run.output.slice(-300)}`);
    }
  }
  return failed;
}

/** The project's integration suite passes under random, pct and atomfuzzer with each seed. */
async function passesUnderEveryStrategy(root: string, seeds: number[]): Promise<void> {
  for (const strategy of ['random', 'pct', 'atomfuzzer'] as const) {
    for (const seed of seeds) {
      const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy, seed, ...(strategy === 'pct' ? { depth: 3, steps: 50 } : {}) } });
      assert.equal(run.passed, true, `${strategy} seed ${seed}: ${run.output.slice(-2000)}`);
    }
  }
}

test('a shared in-flight load (a memo hit) passes under random, pct and atomfuzzer over many seeds, as it does plain', async () => {
  assert.deepEqual(await failingOnlyScheduled(PROJECT, 5), []);
});

// Three shapes of correct code that failed under the tool and never plain (the false-alarm
// corpus, issue 29), in a project of our own:
//   - a pool whose connections open after `await new Promise((r) => setImmediate(r))` and whose
//     queries wait 3 ms timers: the resumption after the immediate was a free choice, and PCT
//     kept it parked past the other transaction's timers (Node runs it right after the immediate,
//     in that check phase);
//   - a counting semaphore whose `acquire` is an async function that returns at once while a
//     permit is free: `await this.acquire()` was treated as slow I/O, so the test's setImmediate
//     came before the two holders started (the promise of the program's own function that ran to
//     its end is settled: no delay);
//   - a latch: the waiter's resumption, settled by the step that opened it, was delayed past a
//     later immediate (a promise settled by the program's own step runs in that step's
//     microtasks).
const ORDERS_PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], integration: { command: 'node --test test/orders.test.ts' }, timeoutMs: 20000 }),
  'src/pool.ts': `export class Conn {
  busy = false;
  constructor(readonly id: number) {}
  static async open(id: number): Promise<Conn> {
    await new Promise((resolve) => setImmediate(resolve));
    return new Conn(id);
  }
  async query(): Promise<number> {
    if (this.busy) throw new Error('connection ' + this.id + ' used twice at once');
    this.busy = true;
    await new Promise((resolve) => setTimeout(resolve, 3));
    this.busy = false;
    return this.id;
  }
}

export class Pool {
  private readonly idle: Conn[] = [];
  private readonly waiting: Array<(conn: Conn) => void> = [];
  private opened = 0;
  constructor(private readonly max: number) {}
  acquire(): Promise<Conn> {
    const conn = this.idle.pop();
    if (conn) return Promise.resolve(conn);
    if (this.opened < this.max) return Conn.open(++this.opened);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(conn: Conn): void {
    const next = this.waiting.shift();
    if (next) next(conn);
    else this.idle.push(conn);
  }
  async transaction(queries: number): Promise<number[]> {
    const conn = await this.acquire();
    try {
      const used: number[] = [];
      for (let i = 0; i < queries; i++) used.push(await conn.query());
      return used;
    } finally {
      this.release(conn);
    }
  }
}
`,
  'src/uploads.ts': `export class Semaphore {
  private readonly waiters: Array<() => void> = [];
  constructor(private permits: number) {}
  async acquire(): Promise<() => void> {
    if (this.permits > 0) this.permits--;
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    return () => {
      const next = this.waiters.shift();
      if (next) next();
      else this.permits++;
    };
  }
}

export class Uploader {
  private readonly slots = new Semaphore(2);
  uploading = 0;
  async upload(ms: number): Promise<void> {
    const release = await this.slots.acquire();
    this.uploading++;
    try {
      await new Promise((resolve) => setTimeout(resolve, ms));
    } finally {
      this.uploading--;
      release();
    }
  }
}

export class Latch {
  private readonly waiters: Array<() => void> = [];
  private opened = false;
  async wait(): Promise<void> {
    if (!this.opened) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  open(): void {
    this.opened = true;
    for (const wake of this.waiters.splice(0)) wake();
  }
}

export async function worker(latch: Latch, log: string[]): Promise<void> {
  await latch.wait();
  log.push('worker');
}
`,
  'test/orders.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Pool } from '../src/pool.ts';
import { Latch, Uploader, worker } from '../src/uploads.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('concurrent transactions of a pool of two each keep their own connection', async () => {
  const pool = new Pool(2);
  const [t1, t2, t3] = await Promise.all([pool.transaction(4), pool.transaction(1), pool.transaction(3)]);
  for (const used of [t1, t2, t3]) assert.equal(new Set(used).size, 1);
  assert.notEqual(t1[0], t2[0]);
});

test('two uploads start at once under two permits, the third waits', async () => {
  const uploader = new Uploader();
  const all = Promise.all([uploader.upload(40), uploader.upload(40), uploader.upload(40)]);
  await turn();
  assert.equal(uploader.uploading, 2);
  await all;
});

test('a waiter resumes in the step that opened its latch', async () => {
  const latch = new Latch();
  const log: string[] = [];
  const done = worker(latch, log);
  await turn();
  latch.open();
  await turn();
  log.push('test');
  await done;
  assert.deepEqual(log, ['worker', 'test']);
});
`,
};

test('a pool opening on setImmediate, a semaphore that grants at once, a latch: correct under random, pct and atomfuzzer, as plain', async () => {
  assert.deepEqual(await failingOnlyScheduled(ORDERS_PROJECT, 6), []);
});

// A counting semaphore whose `acquire` is no async function but returns `Promise.resolve()` while
// a permit is free (a user's trial, the false alarm "Where we stand" names: a 2-permit semaphore
// scheduled as a mutex). `await this.acquire()` was treated as slow I/O, so one holder's 2 ms
// timer came before the second holder started and the peak was 1. A promise the program's own
// code made settled is no I/O, as the promise of its async function that ran to its end is not.
const SETTLED_PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], integration: { command: 'node --test test/peak.test.ts' }, timeoutMs: 20000 }),
  'src/semaphore.ts': `export class Semaphore {
  private available: number;
  private readonly waiters: Array<() => void> = [];
  constructor(readonly permits: number) {
    this.available = permits;
  }
  acquire(): Promise<void> {
    if (this.available > 0) {
      this.available--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.available++;
  }
  async use<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }
}
`,
  'test/peak.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Semaphore } from '../src/semaphore.ts';

test('a 2-permit semaphore admits exactly two of three tasks at first', async () => {
  const sem = new Semaphore(2);
  let running = 0;
  let peak = 0;
  const task = () => sem.use(async () => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((r) => setTimeout(r, 2));
    running--;
  });
  await Promise.all([task(), task(), task()]);
  assert.equal(peak, 2);
});
`,
};

test('a semaphore whose acquire returns Promise.resolve() while a permit is free: two holders at once under random, pct and atomfuzzer, as plain', async () => {
  assert.deepEqual(await failingOnlyScheduled(SETTLED_PROJECT, 8), []);
});

// fahunt 2 FA2: a stream's 'data' events, parked for the program's listener, were still waiting
// when Node emitted 'end' and `events.once` (Node's own listener) heard it at once: the checksum
// was taken of part of the chunks. Node's later events on an emitter now wait for its earlier ones.
test('a stream\'s \'end\' reaches events.once only after the program heard every \'data\', under every strategy', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' }, timeoutMs: 30000 }),
    'src/sum.ts': `import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
export async function checksum(file: string): Promise<number> {
  const s = createReadStream(file, { highWaterMark: 8 });
  await stat(file);
  let sum = 0;
  s.on('data', (c) => { for (const b of c as Buffer) sum = (sum * 31 + b) >>> 0; });
  await once(s, 'end');
  return sum;
}
export function checksumOf(text: string): number {
  let sum = 0;
  for (const b of Buffer.from(text)) sum = (sum * 31 + b) >>> 0;
  return sum;
}
`,
    'test/sum.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checksum, checksumOf } from '../src/sum.ts';
test('checksums of several files at once lose nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-sum-'));
  try {
    const texts = ['the quick brown fox jumps over the lazy dog', 'lorem ipsum dolor sit amet', 'a'.repeat(50)];
    const files = texts.map((t, i) => { const f = join(dir, 'f' + i); writeFileSync(f, t); return f; });
    assert.deepEqual(await Promise.all(files.map((f) => checksum(f))), texts.map(checksumOf));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
`,
  });
  await passesUnderEveryStrategy(root, [1, 2, 3, 4]);
});

// fahunt 2 FA3: Node arms a timer against the real clock. A 5 ms timer, then a synchronous step
// of 10 ms or more, then a 1 ms timer: the 5 ms one fires first in every Node run. The virtual
// clock, on which callbacks took no time, fired the 1 ms timer first in every scheduled run.
// The clock read as `new Date()` too (stop 49: a Date's getTime and valueOf were not watched).
test('a timer armed after a long synchronous step expires after an earlier, shorter one, under every strategy', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' }, timeoutMs: 30000 }),
    'src/window.ts': `export function resetBeforeRetry(): Promise<string[]> {
  return new Promise((resolve) => {
    const order: string[] = [];
    setTimeout(() => order.push('reset'), 5);
    const start = performance.now();
    while (performance.now() - start < 12) { /* the rest of the synchronous step */ }
    setTimeout(() => { order.push('retry'); resolve(order); }, 1);
  });
}
export async function afterAwait(): Promise<string[]> {
  const order: string[] = [];
  setTimeout(() => order.push('reset'), 5);
  await Promise.resolve();
  const start = performance.now();
  while (performance.now() - start < 12) { /* a long step after the await */ }
  return new Promise((resolve) => setTimeout(() => { order.push('retry'); resolve(order); }, 1));
}
// The clock read through Date objects: getTime, and a subtraction (valueOf).
export function withDates(): Promise<string[]> {
  return new Promise((resolve) => {
    const order: string[] = [];
    setTimeout(() => order.push('reset'), 5);
    const start = new Date();
    while (new Date().getTime() - start.getTime() < 6) { /* the first half of the step */ }
    const half = new Date();
    while ((new Date() as unknown as number) - (half as unknown as number) < 6) { /* the second half */ }
    setTimeout(() => { order.push('retry'); resolve(order); }, 1);
  });
}
`,
    'test/window.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterAwait, resetBeforeRetry, withDates } from '../src/window.ts';
test('the earlier timer first, in one step', async () => {
  for (const o of await Promise.all([resetBeforeRetry(), resetBeforeRetry()])) assert.deepEqual(o, ['reset', 'retry']);
});
test('the earlier timer first, the long step after an await', async () => {
  for (const o of await Promise.all([afterAwait(), afterAwait()])) assert.deepEqual(o, ['reset', 'retry']);
});
test('the earlier timer first, the clock read by new Date()', async () => {
  for (const o of await Promise.all([withDates(), withDates()])) assert.deepEqual(o, ['reset', 'retry']);
});
`,
  });
  const plain = await runTraced(loadConfig(root), { suite: 'integration' });
  assert.equal(plain.passed, true, plain.output);
  await passesUnderEveryStrategy(root, [1, 2, 3, 4]);
});

// unseen3 heldout (nt-ws-ack-before-open's fixed variant hung in every scheduled run) and its
// replica: a loop polling with setImmediate until a timer's callback ran. On the virtual clock
// every new immediate preceded the unexpired timer, so the loop spun forever; Node passes its
// timers phase between two check phases, and the timer runs once due on the real clock.
test('a setImmediate polling loop lets a due timer run, under every strategy', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' }, timeoutMs: 15000 }),
    'src/poll.ts': `export class Conn {
  open = false;
  constructor() { setTimeout(() => { this.open = true; }, 5); }
  async waitOpen(): Promise<void> {
    while (!this.open) await new Promise((r) => setImmediate(r));
  }
}
`,
    'test/poll.test.ts': `import { test } from 'node:test';
import { Conn } from '../src/poll.ts';
test('a poll on setImmediate sees the timer fire', async () => {
  await Promise.all([new Conn().waitOpen(), new Conn().waitOpen()]);
});
`,
  });
  await passesUnderEveryStrategy(root, [1, 2]);
});

// The same poll with node:timers/promises' setImmediate, in the test's own helper (the heldout
// case's fixed variant again: its runs went on until the budget killed them).
test('a poll on timers/promises setImmediate in test code lets a due timer run, under every strategy', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' }, timeoutMs: 15000 }),
    'src/conn.ts': `export class Conn {
  sent: string[] = [];
  constructor() { setTimeout(() => { this.sent.push('open'); }, 5); }
}
`,
    'test/poll.test.ts': `import { test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { Conn } from '../src/conn.ts';
async function framesSent(c: Conn, n: number) { while (c.sent.length < n) await tick(); }
test('a poll on timers/promises sees the timer fire', async () => {
  await Promise.all([framesSent(new Conn(), 1), framesSent(new Conn(), 1)]);
});
`,
  });
  await passesUnderEveryStrategy(root, [1, 2]);
});

// heldout3's vitest-p-timeout-quotes (false in every scheduled run, never plain): a provider's
// `delay(1…6)` raced against a 30 ms budget, both timers armed by packages the program called.
// Left to Node, the packages' timers ran in real time while the scheduler held the continuation
// the delay had settled (waiting for other awaits to settle), so the budget expired first — an
// order no Node run makes. A timer or immediate a library arms while the program's code runs now
// takes its place in the loop's order as the program's own do (callbacks.ts ON_BEHALF).
test('a library\'s 5 ms delay raced against its 30 ms timeout wins, under every strategy', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' }, timeoutMs: 15000 }),
    'node_modules/tiny-timing/package.json': '{ "name": "tiny-timing", "type": "module", "main": "index.js" }',
    'node_modules/tiny-timing/index.js': `export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export function withTimeout(promise, ms, name) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(name + ' took longer than ' + ms + ' ms')), ms);
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e) => { clearTimeout(timer); reject(e); });
  });
}
`,
    'src/quotes.ts': `import { delay, withTimeout } from 'tiny-timing';
async function ask(name: string, ms: number): Promise<string> {
  await delay(ms);
  return name;
}
export async function compare(): Promise<PromiseSettledResult<string>[]> {
  const asks = [ask('a', 2), ask('slow', 500), ask('c', 5)].map((p, i) => withTimeout(p, 30, ['a', 'slow', 'c'][i]));
  return Promise.allSettled(asks);
}
`,
    'test/quotes.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare } from '../src/quotes.ts';
test('only the slow provider times out', async () => {
  const [a, slow, c] = await Promise.all([compare(), compare()]).then((both) => both[0]);
  assert.deepEqual([a.status, slow.status, c.status], ['fulfilled', 'rejected', 'fulfilled']);
});
`,
  });
  const plain = await runTraced(loadConfig(root), { suite: 'integration' });
  assert.equal(plain.passed, true, plain.output);
  await passesUnderEveryStrategy(root, [1, 2, 3]);
});

// heldout5's vitest4-token-bucket-mailer (false in every strategy, never plain): limiter's
// RequestQueue runs each request after the one before, `tail.then(request)`. A request that waits
// on its own timer settles, and the next request, which needs no wait, starts and settles in the
// same microtasks. The scheduler saw two continuations ready and let the later caller resume
// first: a grant order no Node run makes. Continuations settled in one run of microtasks outside
// the scheduler's steps resume in settle order (scheduler.ts Entry.drain).
/** A program whose tasks take grants from a package's request queue (limiter's RequestQueue):
 *  `waits`, the expression of request i's own timer in ms (0: none). */
function libraryQueueProject(waits: string): string {
  return tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/*.test.ts' }, integration: { command: 'node --test test/*.test.ts' }, timeoutMs: 15000 }),
    'node_modules/tiny-queue/package.json': '{ "name": "tiny-queue", "type": "module", "main": "index.js" }',
    'node_modules/tiny-queue/index.js': `export class Queue {
  tail = Promise.resolve();
  run(waitMs) {
    const request = () => (waitMs > 0 ? new Promise((resolve) => setTimeout(resolve, waitMs)) : Promise.resolve());
    const result = this.tail.then(request);
    this.tail = result.then(() => undefined, () => undefined);
    return result;
  }
}
`,
    'src/grants.ts': `import { Queue } from 'tiny-queue';
export class Grants {
  private readonly queue = new Queue();
  readonly order: string[] = [];
  async take(id: string, waitMs: number): Promise<void> {
    await this.queue.run(waitMs);
    this.order.push(id);
  }
}
`,
    'test/grants.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Grants } from '../src/grants.ts';
test('grants in request order', async () => {
  const grants = new Grants();
  const ids = ['a', 'b', 'c', 'd', 'e'];
  await Promise.all(ids.map((id, i) => grants.take(id, ${waits})));
  assert.deepEqual(grants.order, ids);
});
`,
  });
}

test('requests a library queue settles in one run of microtasks resume in its order, under every strategy', async () => {
  const root = libraryQueueProject('i === 0 ? 3 : 0');
  const plain = await runTraced(loadConfig(root), { suite: 'integration' });
  assert.equal(plain.passed, true, plain.output);
  await passesUnderEveryStrategy(root, [1, 2, 3, 4]);
});

// The known gap (docs/how-it-works.md, rule 3): every other request waits on a timer of its own, so
// the queue settles them in several runs of microtasks, each caused by the one before. The
// scheduler may hold an earlier caller's continuation past a later run: out of order.
test('requests a library queue settles across several runs of microtasks resume in its order, under every strategy', { todo: 'a package\'s chain of promises that crosses runs of microtasks is invisible to the scheduler' }, async () => {
  const root = libraryQueueProject('i % 2 === 0 ? 3 : 0');
  const plain = await runTraced(loadConfig(root), { suite: 'integration' });
  assert.equal(plain.passed, true, plain.output);
  await passesUnderEveryStrategy(root, [1, 2, 3, 4]);
});
