// The controlled scheduler (src/core/runtime/scheduler.ts) and its strategies: in-process for the
// mechanics, and end to end (real test processes under the loader) for stalls and replay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import { Scheduler, type ScheduledActivation } from '../../src/core/runtime/scheduler.ts';
import { AtomFuzzerStrategy, EVENT_LOOP_LOCK, mulberry32, PctStrategy, RandomStrategy, ReplayStrategy, type Candidate } from '../../src/core/runtime/strategies/index.ts';
import type { SchedEvent, TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

const candidates = (n: number): Candidate[] =>
  Array.from({ length: n }, (_, i) => ({ seq: i + 1, key: `${i + 1}@0`, activation: i + 1, site: 0, task: i + 1 }));

test('mulberry32 is deterministic per seed and spreads over [0, 1)', () => {
  const a = mulberry32(7);
  const b = mulberry32(7);
  const xs = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(xs.slice(0, 10), Array.from({ length: 10 }, () => b()));
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  assert.notDeepEqual(xs.slice(0, 10), Array.from({ length: 10 }, mulberry32(8)));
  const low = xs.filter((x) => x < 0.5).length;
  assert.ok(low > 400 && low < 600);
});

test('random picks every candidate; pct runs the highest-priority task until a change point; replay follows keys', () => {
  const random = new RandomStrategy(1);
  const seen = new Set(Array.from({ length: 200 }, (_, i) => random.choose(candidates(3))));
  assert.deepEqual([...seen].sort(), [0, 1, 2]);

  // d = 1: no change points, the same task always wins while it is ready.
  const pct = new PctStrategy(5, 1, 10);
  const first = pct.choose(candidates(3), 1);
  for (let step = 2; step < 20; step++) assert.equal(pct.choose(candidates(3), step), first);
  // d = 2, k = 2: one change point, at step 1 (nothing ran yet: no effect) or at step 2 (the task
  // that ran step 1 drops below every other). After it, the order stays.
  let switched = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const changing = new PctStrategy(seed, 2, 2);
    const s1 = changing.choose(candidates(3), 1);
    const s2 = changing.choose(candidates(3), 2);
    const s3 = changing.choose(candidates(3), 3);
    assert.equal(s3, s2, 'no change after the last change point');
    if (s2 !== s1) switched++;
  }
  assert.ok(switched > 5 && switched < 35, `the change point fell on step 2 in ${switched}/40 seeds`);

  const replay = new ReplayStrategy(['2@0', 0, '9@9']);
  assert.equal(replay.choose(candidates(3), 1), 1);
  assert.equal(replay.choose(candidates(3), 2), 0);
  assert.equal(replay.choose(candidates(3), 3), undefined, 'a key that is not ready: cannot follow');
});

function act(id: number, parent?: ScheduledActivation): ScheduledActivation {
  return { id, parent, exited: false };
}

test('one continuation runs at a time, chosen by the strategy, each decision recorded', async () => {
  const events: TraceEvent[] = [];
  const scheduler = new Scheduler(new RandomStrategy(3), { stallMs: 1000, settleMs: 1 }, (e) => events.push(e));
  const order: string[] = [];
  let running = 0;
  const task = async (name: string, a: ScheduledActivation) => {
    for (let i = 0; i < 3; i++) {
      await scheduler.park(a, i, i, {});
      running++;
      assert.equal(running, 1, 'only one task between awaits');
      order.push(`${name}${i}`);
      await Promise.resolve(); // a native microtask inside the step
      running--;
    }
  };
  await Promise.all([task('A', act(1)), task('B', act(2)), task('C', act(3))]);
  assert.equal(order.length, 9);
  const sched = events.filter((e) => e.e === 'sched');
  assert.equal(sched.length, 9);
  assert.ok(sched.every((e, i) => e.e === 'sched' && e.n === i + 1 && e.c >= 1));
});

test('the lock table finds a wait-for cycle between tasks', () => {
  const scheduler = new Scheduler(new RandomStrategy(1), {}, () => {});
  const t1 = act(1);
  const t2 = act(2);
  const inner1 = act(3, t1);
  const inner2 = act(4, t2);
  scheduler.lockAcquired(inner1, 10);
  scheduler.lockAcquired(inner2, 20);
  assert.equal(scheduler.waitForCycle(), undefined);
  scheduler.lockRequested(inner1, 20);
  assert.equal(scheduler.waitForCycle(), undefined, 'one waiting task is no cycle');
  scheduler.lockRequested(inner2, 10);
  const cycle = scheduler.waitForCycle();
  assert.ok(cycle);
  assert.deepEqual(cycle.map((e) => [e.t, e.lock, e.holder]).sort(), [[1, 20, 2], [2, 10, 1]]);
  scheduler.lockReleased(inner2, 20);
  assert.equal(scheduler.waitForCycle(), undefined, 'released: the cycle is gone');
});

test("a lock's grant is no delay: once ready it runs before other ready work, in settle order, a decision of one", async () => {
  for (let seed = 1; seed <= 20; seed++) {
    const events: TraceEvent[] = [];
    const scheduler = new Scheduler(new RandomStrategy(seed), { stallMs: 1000, settleMs: 1 }, (e) => events.push(e));
    const order: string[] = [];
    // C parks first on a settled promise (mocked I/O: a free choice); then A and B resume after
    // their lock was granted, A's grant settling first.
    const c = scheduler.park(act(3), 30, Promise.resolve(), {}).then(() => order.push('C'));
    let grantB!: () => void;
    const b = scheduler.park(act(2), 20, new Promise<void>((r) => (grantB = r)), { lock: 42, prompt: 'always' }).then(() => order.push('B'));
    const a = scheduler.park(act(1), 10, Promise.resolve(), { lock: 42, prompt: 'always' }).then(() => order.push('A'));
    await Promise.resolve();
    grantB();
    await Promise.all([a, b, c]);
    assert.deepEqual(order, ['A', 'B', 'C'], `seed ${seed}`);
    const decisions = events.flatMap((e) => (e.e === 'sched' ? [e] : []));
    assert.deepEqual(decisions.slice(0, 2).map((e) => e.c), [1, 1], `seed ${seed}: the grants were no choice`);
  }
});

test('atomfuzzer (003 Alg. 2) pauses a re-acquire inside an atomic block until another task takes the lock', () => {
  const c = (task: number, lock?: number): Candidate => ({ seq: task, key: `${task}@${lock ?? 0}`, activation: task, site: 0, task, ...(lock !== undefined ? { lock } : {}) });
  let warned = 0;
  let errors = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const atom = new AtomFuzzerStrategy(seed);
    atom.onAtomicEnter(1);
    // Task 1 took lock 7 in its block and released it; now asks again. Task 2 asks for lock 7 too.
    assert.equal(atom.choose([c(1, 7)], 1), 0, 'first acquire inside the block runs');
    atom.onLockAcquired(1, 7);
    atom.onLockReleased(1);
    const index = atom.choose([c(1, 7), c(2, 7)], 2);
    if (atom.notes.some((n) => n.kind === 'warning')) {
      warned++;
      assert.equal(index, 1, 'paused: the other task runs');
      assert.ok(atom.notes.some((n) => n.kind === 'error' && n.task === 1 && n.by === 2), 'the other acquire is the error of line 27');
      errors++;
    }
    // Alone and paused: the monitor un-pauses it (lines 30-32).
    const alone = new AtomFuzzerStrategy(seed);
    alone.onAtomicEnter(5);
    for (let step = 1; step <= 5; step++) assert.equal(alone.choose([c(5)], step), 0);
    assert.ok(alone.notes.every((n) => n.kind !== 'error' && n.lock === EVENT_LOOP_LOCK));
  }
  assert.ok(warned > 5 && warned < 35, `paused with q = 0.5: ${warned}/40`);
  assert.equal(errors, warned);
});

test('atomfuzzer: a re-acquire inside a block runs only after its pause ended (003 §3.1: probability 1 for Fig. 1)', () => {
  const c = (task: number, lock?: number, short = false): Candidate => ({ seq: task, key: `${task}@${lock ?? 0}`, activation: task, site: 0, task, ...(lock !== undefined ? { lock } : {}), ...(short ? { short } : {}) });
  for (let seed = 1; seed <= 40; seed++) {
    const atom = new AtomFuzzerStrategy(seed);
    atom.onAtomicEnter(1);
    atom.onAtomicEnter(2);
    // Fig. 1: both tasks took lock 7 once in their blocks (getBalance) and ask again (withdraw).
    for (const task of [1, 2]) {
      atom.onLockAcquired(task, 7);
      atom.onLockReleased(task);
    }
    const first = atom.choose([c(1, 7), c(2, 7)], 1);
    // Whichever went first was released by the other's acquire: an error was created.
    assert.ok(atom.notes.some((n) => n.kind === 'error' && n.task !== [1, 2][first]), `seed ${seed}: no error before the first re-acquire ran`);
  }
  // Alone, a paused re-acquire still runs (lines 30-32).
  const alone = new AtomFuzzerStrategy(3);
  alone.onAtomicEnter(1);
  alone.onLockAcquired(1, 7);
  alone.onLockReleased(1);
  assert.equal(alone.choose([c(1, 7)], 1), 0);
});

test('atomfuzzer: an event-loop interleaving is an error only when it conflicts with both parts of the block (Lipton)', () => {
  const c = (task: number): Candidate => ({ seq: task, key: `${task}@0`, activation: task, site: 0, task });
  /** Task 1's block reads `before` and pauses; task 2 runs `others`; task 1 resumes and runs `after`. */
  const interleave = (before: [string, boolean][], others: [string, boolean][], after: [string, boolean][]) => {
    for (let seed = 1; seed <= 60; seed++) {
      const atom = new AtomFuzzerStrategy(seed);
      atom.onAtomicEnter(1);
      for (const [key, write] of before) atom.onAccess(1, write, 1, key);
      atom.choose([c(1)], 1);
      atom.notes.splice(0);
      const index = atom.choose([c(1), c(2)], 2);
      if (!atom.notes.some((n) => n.kind === 'warning') || index !== 1) continue;
      for (const [key, write] of others) atom.onAccess(2, write, 1, key);
      assert.equal(atom.choose([c(1)], 3), 0);
      for (const [key, write] of after) atom.onAccess(1, write, 1, key);
      atom.onAtomicExit(1);
      return atom.notes.filter((n) => n.kind === 'error' || n.kind === 'commute').map((n) => n.kind);
    }
    throw new Error('no seed paused task 1');
  };
  // 003 Table 1's unserializable patterns: t2 conflicts with t1 and with t3.
  assert.deepEqual(interleave([['balance', false]], [['balance', true]], [['balance', true]]), ['error']);
  assert.deepEqual(interleave([['x', true]], [['x', false]], [['x', true]]), ['error']);
  // t2 conflicts with t1 only: it can move after the block (fixed StringBuffer.append).
  assert.deepEqual(interleave([['count', false]], [['count', true]], [['other', true]]), ['commute']);
  // Nothing shared, or reads only.
  assert.deepEqual(interleave([['a', true]], [['b', true]], [['a', true]]), ['commute']);
  assert.deepEqual(interleave([['a', false]], [['a', false]], [['a', false]]), ['commute']);
});

test('atomfuzzer defers short critical sections of tasks outside atomic blocks while other work is ready', () => {
  const c = (task: number, lock: number, short: boolean): Candidate => ({ seq: task, key: `${task}@${lock}`, activation: task, site: 0, task, lock, ...(short ? { short } : {}) });
  for (let seed = 1; seed <= 20; seed++) {
    const atom = new AtomFuzzerStrategy(seed);
    // Task 2's setLength-like request waits for task 1's append-like request.
    assert.equal(atom.choose([c(2, 8, true), c(1, 9, false)], 1), 1);
    atom.onLockAcquired(1, 9);
    // Inside its block task 1 asks for lock 8 too: it goes first.
    assert.equal(atom.choose([c(2, 8, true), c(1, 8, true)], 2), 1);
    // Only deferred work left: it runs.
    assert.equal(atom.choose([c(2, 8, true)], 3), 0);
  }
});

const CONFIG = (extra: object = {}) => JSON.stringify({
  include: ['src/**/*.ts'],
  unit: { command: 'node --test test/*.test.ts' },
  integration: { command: 'node --test test/*.test.ts' },
  timeoutMs: 20000,
  ...extra,
});

function eventsOf(runDir: string): TraceEvent[] {
  return traceFiles(runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
}

const WORK = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': CONFIG(),
  'src/work.ts': `export const log: string[] = [];
export async function job(name: string, steps: number): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    log.push(name + i);
    await null;
  }
}`,
  'test/work.test.ts': `import { test } from 'node:test';
import { job, log } from '../src/work.ts';
test('jobs', async () => {
  await Promise.all([job('a', 4), job('b', 4), job('c', 4)]);
  console.log('ORDER ' + log.join(','));
});`,
};

test('a seed replays the identical schedule; the scheduler is off unless configured', async () => {
  const root = tempProject(WORK);
  const loaded = loadConfig(root);
  const plain = await runTraced(loaded, { suite: 'integration' });
  assert.equal(plain.passed, true, plain.output);
  assert.equal(eventsOf(plain.runDir).filter((e) => e.e === 'sched').length, 0, 'no decisions without schedule settings');

  const decisions = async (seed: number, extra: object = {}) => {
    const run = await runTraced(loaded, { suite: 'integration', schedule: { strategy: 'random', seed, ...extra } });
    assert.equal(run.passed, true, run.output);
    const order = /ORDER (\S+)/.exec(run.output)?.[1];
    return { keys: eventsOf(run.runDir).flatMap((e) => (e.e === 'sched' ? [e.k] : [])), order };
  };
  const a = await decisions(11);
  const b = await decisions(11);
  assert.ok(a.keys.length >= 20, `decisions: ${a.keys.length}`);
  assert.deepEqual(b.keys, a.keys, 'same seed, same decisions');
  assert.equal(b.order, a.order, 'same seed, same interleaving');
  const orders = new Set([a.order]);
  // Seeds 12–15 in turn, up to the first that interleaves differently.
  for (const seed of [12, 13, 14, 15]) if (orders.size === 1) orders.add((await decisions(seed)).order);
  assert.ok(orders.size > 1, 'different seeds give different interleavings');
  // Replay by keys reproduces the seed's interleaving.
  const replayed = await decisions(0, { strategy: 'replay', replay: a.keys });
  assert.deepEqual(replayed.keys, a.keys);
  assert.equal(replayed.order, a.order);
});

test('a promise that never settles ends as a hang within the stall time, not a stuck process', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': CONFIG(),
    'src/wait.ts': `export async function forever(): Promise<void> { await new Promise<void>(() => {}); }
export async function work(): Promise<number> { await null; return 1; }`,
    'test/wait.test.ts': `import { test } from 'node:test';
import { forever, work } from '../src/wait.ts';
test('waits forever', async () => {
  const keepAlive = setInterval(() => {}, 1000);
  try { await Promise.all([work(), forever()]); } finally { clearInterval(keepAlive); }
});`,
  });
  const started = Date.now();
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'random', seed: 1, stallMs: 400 } });
  assert.equal(run.passed, false);
  assert.equal(run.timedOut, false, 'ended by the scheduler, not killed at the time budget');
  assert.ok(Date.now() - started < 15000);
  const stall = eventsOf(run.runDir).find((e) => e.e === 'stall');
  assert.ok(stall && stall.e === 'stall');
  assert.equal(stall.kind, 'hang');
  assert.equal(stall.atExit, false);
  assert.match(run.output, /conlens: hang/);
});

test("a config lock's acquire method, called by the scheduler once it granted the lock, is still its requester's call", async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': CONFIG({ locks: [{ module: './src/stick.ts', export: 'Stick', acquire: 'pickup', release: 'pickdown' }] }),
    'src/stick.ts': `export class Stick {
  taken = false;
  async pickup(): Promise<void> { while (this.taken) await new Promise<void>((resolve) => setImmediate(resolve)); this.taken = true; }
  async pickdown(): Promise<void> { this.taken = false; }
}
export async function eat(stick: Stick, meals: number): Promise<number> {
  for (let i = 0; i < meals; i++) {
    await stick.pickup();
    await null;
    await stick.pickdown();
  }
  return meals;
}`,
    'test/stick.test.ts': `import { test } from 'node:test';
import { Stick, eat } from '../src/stick.ts';
test('eat', async () => {
  const stick = new Stick();
  await Promise.all([eat(stick, 3), eat(stick, 3)]);
});`,
  });
  const loaded = loadConfig(root);
  for (const schedule of [undefined, { strategy: 'random' as const, seed: 3 }]) {
    const run = await runTraced(loaded, { suite: 'integration', ...(schedule ? { schedule } : {}) });
    assert.equal(run.passed, true, run.output);
    const events = eventsOf(run.runDir);
    const fnIndex = new Map(events.flatMap((e) => (e.e === 'fn' ? [[e.name, e.i] as const] : [])));
    const enters = events.flatMap((e) => (e.e === 'en' ? [e] : []));
    const eatIds = new Set(enters.filter((e) => e.f === fnIndex.get('eat')).map((e) => e.a));
    const pickups = enters.filter((e) => e.f === fnIndex.get('Stick.pickup'));
    assert.equal(pickups.length, 6);
    for (const p of pickups) assert.ok(p.p !== null && eatIds.has(p.p), `${schedule ? 'scheduled' : 'plain'}: pickup ${p.a} has parent ${p.p}`);
    const spawned = new Set(events.flatMap((e) => (e.e === 'spawn' ? [e.a] : [])));
    assert.deepEqual(pickups.filter((p) => spawned.has(p.a)), [], 'an awaited pickup is never a task of its own');
  }
});

test("atomfuzzer: the mutex inside a config lock class's own methods is part of that lock — never a request, a pause or an error", async () => {
  // The fixed dining philosophers in small: both tasks hold `a` while b's pickup and pickdown each
  // take b's inner mutex. By 003's mutex rule read literally, the second inner acquire inside the
  // region holding `a` is a re-acquire, and the other task taking b's inner mutex in between an error.
  const root = tempProject(
    {
      'package.json': '{ "type": "module" }',
      'conlens.config.json': CONFIG({ locks: [{ module: './src/stick.ts', export: 'Stick', acquire: 'pickup', release: 'pickdown' }] }),
      'src/stick.ts': `import { Mutex } from 'async-mutex';
export class Stick {
  private readonly inner = new Mutex();
  taken = false;
  async pickup(): Promise<void> {
    const release = await this.inner.acquire();
    try { this.taken = true; } finally { release(); }
  }
  async pickdown(): Promise<void> {
    const release = await this.inner.acquire();
    try { this.taken = false; } finally { release(); }
  }
}
export async function eat(first: Stick, second: Stick, meals: number): Promise<void> {
  for (let i = 0; i < meals; i++) {
    await first.pickup();
    await second.pickup();
    await null;
    await second.pickdown();
    await first.pickdown();
  }
}`,
      'test/stick.test.ts': `import { test } from 'node:test';
import { Stick, eat } from '../src/stick.ts';
test('eat', async () => {
  const a = new Stick();
  const b = new Stick();
  await Promise.all([eat(a, b, 3), eat(a, b, 3)]);
});`,
    },
    ['async-mutex'],
  );
  const loaded = loadConfig(root);
  let warnings = 0;
  for (let seed = 1; seed <= 8; seed++) {
    const run = await runTraced(loaded, { suite: 'integration', schedule: { strategy: 'atomfuzzer', seed } });
    assert.equal(run.passed, true, run.output);
    const events = eventsOf(run.runDir);
    const fnIndex = new Map(events.flatMap((e) => (e.e === 'fn' ? [[e.name, e.i] as const] : [])));
    const stickMethods = new Set([fnIndex.get('Stick.pickup'), fnIndex.get('Stick.pickdown')]);
    const inStick = new Set(events.flatMap((e) => (e.e === 'en' && stickMethods.has(e.f) ? [e.a] : [])));
    const inner = new Set(events.flatMap((e) => (e.e === 'lk' && e.a !== null && inStick.has(e.a) ? [e.lock] : [])));
    assert.equal(inner.size, 0, `seed ${seed}: the inner mutexes are the Stick's own workings, not lock operations`);
    const atoms = events.flatMap((e) => (e.e === 'atom' ? [e] : []));
    assert.deepEqual(atoms.filter((e) => inner.has(e.lock)), [], `seed ${seed}: a note about an inner mutex`);
    assert.deepEqual(atoms.filter((e) => e.kind === 'error'), [], `seed ${seed}: errors`);
    warnings += atoms.filter((e) => e.kind === 'warning').length;
  }
  assert.ok(warnings > 0, 'the Stick regions are atomic blocks all the same (re-acquires of the event loop were paused)');
});

test('callbacks registered and due soon are candidates before they complete: the decision waits for the chosen one only, and the seed alone decides', async () => {
  // Two I/O callbacks registered (A, B); only A has completed when the scheduler decides. Both
  // are candidates, in registration order; whichever the strategy picks runs, and B is waited for
  // only when it was picked. The same seed picks the same one whichever completed first.
  const runOnce = async (seed: number, firstDone: 'A' | 'B') => {
    const events: TraceEvent[] = [];
    const scheduler = new Scheduler(new RandomStrategy(seed), { stallMs: 1000, settleMs: 500 }, (e) => events.push(e));
    const ran: string[] = [];
    const tokens = { A: {}, B: {} };
    for (const [name, token] of Object.entries(tokens)) {
      scheduler.expectCallback(token, `c${name}.0`, 7, performance.now() + 500, undefined, { order: name === 'A' ? 1 : 2 });
    }
    const complete = (name: 'A' | 'B') =>
      scheduler.parkCallback(act(name === 'A' ? 11 : 12), 7, { key: `c${name}.0`, loop: { order: name === 'A' ? 1 : 2 }, token: tokens[name] }, () => ran.push(name));
    complete(firstDone);
    await new Promise((r) => setTimeout(r, 20));
    const first = [...ran];
    complete(firstDone === 'A' ? 'B' : 'A');
    await new Promise((r) => setTimeout(r, 20));
    const sched = events.filter((e): e is SchedEvent => e.e === 'sched');
    return { first, ran, candidates: sched[0]?.c, keys: sched.map((e) => e.k) };
  };
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    const a = await runOnce(seed, 'A');
    const b = await runOnce(seed, 'B');
    assert.equal(a.candidates, 2, 'both callbacks were candidates of the first decision');
    assert.deepEqual(a.keys, b.keys, `seed ${seed}: the same schedule whichever I/O completed first`);
    assert.deepEqual(a.ran, b.ran);
    // A decision for the callback that had completed ran it at once, without waiting for the other.
    if (a.ran[0] === 'A') assert.deepEqual(a.first, ['A']);
  }
});
