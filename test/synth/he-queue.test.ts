// He, Wu & Chen (002) on the Queue of Fig. 1-3 (examples/queue): Alg. 1 picks the variable the
// non-synchronized getqueuetop touches, and the generated (p, c1, c2) test, run as written,
// exposes the error the paper describes; the oracle (Alg. 2) does not report a failure some
// linearization also shows.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { analyzeProject } from '../../src/core/static/analyze.ts';
import { synthesize } from '../../src/core/synth/synthesize.ts';
import { linearizable } from '../../src/core/runtime/linearizable.ts';
import { Scheduler } from '../../src/core/runtime/scheduler.ts';
import { RandomStrategy } from '../../src/core/runtime/strategies/index.ts';
import { REPO } from '../helpers/cli.ts';

const QUEUE = join(REPO, 'examples', 'queue');

test('002 §3.1: V, M_r, M_w and S_f of the Queue feed Alg. 1', () => {
  const queue = analyzeProject(QUEUE, { include: ['src/**/*.ts'] }).classes.find((c) => c.name === 'Queue')!;
  assert.deepEqual(queue.nonAtomic, ['getqueuetop']);
  assert.deepEqual([...queue.reads.qsize].sort(), ['getqueuetop', 'pop', 'size']);
  assert.deepEqual([...queue.writes.qsize].sort(), ['pop', 'push']);
});

test('Alg. 1 on the Queue: c1 = getqueuetop against the readers and writers of its variables; the test exposes it', async () => {
  // Inside the project (its .conlens/), as conlens synth writes them.
  const out = join(QUEUE, '.conlens', `synth-test-${process.pid}`);
  after(() => rmSync(out, { recursive: true, force: true }));
  const result = await synthesize(loadConfig(QUEUE), { method: 'he', out });
  assert.ok(result.tests.length > 0, JSON.stringify(result.skipped));
  for (const t of result.tests) assert.equal(t.parts[0][0], 'Queue.getqueuetop', 'c1 is the non-synchronized function');
  const pop = result.tests.find((t) => t.parts[1][0] === 'Queue.pop')!;
  assert.ok(pop, result.tests.map((t) => t.parts.join(' | ')).join('; '));
  assert.match(pop.field, /^Queue\.(qsize|items)$/);
  assert.match(pop.reason, /getqueuetop is not synchronized \(S_f\) and pop writes/);
  // p grows the queue with the seed's own calls before the two parallel parts.
  assert.match(pop.setup.join('\n'), /new m0\.Queue\(\);\nawait queue\d+\.push\(/);
  const file = result.files[result.tests.indexOf(pop)];
  const text = readFileSync(file, 'utf8');
  assert.match(text, /Runs concurrently: Queue\.getqueuetop {2}∥ {2}Queue\.pop/);
  assert.match(text, /Seed test: +test\/unit\/queue\.test\.ts › "/);
  let failure = '';
  try {
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    execFileSync(process.execPath, ['--import', join(REPO, 'dist', 'register.mjs'), '--test', file], { cwd: QUEUE, encoding: 'utf8', env: { ...env, NODE_OPTIONS: '' } });
  } catch (error) {
    failure = String((error as { stdout?: string }).stdout);
  }
  assert.match(failure, /concurrency error: no linearization shows what the concurrent run did/);
  assert.match(failure, /ArrayIndexOutOfBoundsError/);
});

class Stack {
  items: number[] = [];
  async push(x: number) { await null; this.items.push(x); }
  async pop() {
    if (this.items.length === 0) throw new RangeError('empty');
    await null;
    return this.items.pop()!;
  }
  async popTwice() {
    const n = this.items.length;
    await null;
    if (n < 2) throw new RangeError('too few');
    return [this.items.pop()!, this.items.pop()!];
  }
}

test('Alg. 2: a failure some linearization shows is a misuse, not reported', async () => {
  // pop on an empty stack throws when it runs first; concurrently it throws the same way.
  assert.equal(await linearizable({ setup: () => ({ s: new Stack() }), parts: [[({ s }) => s.pop()], [({ s }) => s.push(1)]] }), 'linearizable');
});

test('Alg. 2: an exception no linearization shows is a concurrency error', async () => {
  const setup = async () => { const s = new Stack(); await s.push(1); await s.push(2); return { s }; };
  await assert.rejects(
    linearizable({ setup, parts: [[({ s }) => s.popTwice()], [({ s }) => s.pop()]] }),
    (error: Error) => error.name === 'AssertionError' && /concurrency error/.test(error.message) && /undefined/.test(error.message),
  );
});

test('Alg. 2: outcomes that differ between two runs of one linearization are not compared', async () => {
  let n = 0;
  const setup = () => ({ box: { v: 0 } });
  assert.equal(await linearizable({ setup, parts: [[() => ++n], [({ box }) => { box.v = 1; }]] }), 'linearizable');
});

/** A producer into a one-slot buffer with no consumer: its second put waits forever, in any order. */
class Slot {
  full = false;
  private waiters: (() => void)[] = [];
  async put() {
    while (this.full) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.full = true;
  }
  async take() {
    this.full = false;
    this.waiters.shift()?.();
  }
}

/** Two promise locks taken in opposite orders: only an interleaving deadlocks. */
class Pair {
  private held = new Set<string>();
  private waiters = new Map<string, (() => void)[]>();
  private async lock(name: string) {
    while (this.held.has(name)) await new Promise<void>((resolve) => this.waiters.set(name, [...(this.waiters.get(name) ?? []), resolve]));
    this.held.add(name);
  }
  private unlock(name: string) {
    this.held.delete(name);
    this.waiters.get(name)?.shift()?.();
  }
  async both(first: string, second: string) {
    await this.lock(first);
    await null;
    await this.lock(second);
    this.unlock(second);
    this.unlock(first);
  }
}

test('Alg. 2: a run that hangs is an outcome — a hang every sequential order shows is not reported', async () => {
  // put ∥ put on a full slot: each order hangs at its second put (002 §4: deadlocks are outcomes).
  const setup = async () => { const s = new Slot(); await s.put(); return { s }; };
  assert.equal(await linearizable({ setup, parts: [[({ s }) => s.put()], [({ s }) => s.put()]], budgetMs: 100, runs: 2 }), 'linearizable');
});

test('Alg. 2: a hang only the concurrent run shows is a concurrency error', async () => {
  await assert.rejects(
    linearizable({ setup: () => ({ p: new Pair() }), parts: [[({ p }) => p.both('a', 'b')], [({ p }) => p.both('b', 'a')]], budgetMs: 100, runs: 1 }),
    (error: Error) => error.name === 'AssertionError' && /concurrent: +never ends/.test(error.message),
  );
});

test('Alg. 2 under the scheduler: a stall of a linearization is recorded, its continuations dropped, nothing reported', async () => {
  const exits: number[] = [];
  const events: { e: string }[] = [];
  const scheduler = new Scheduler(new RandomStrategy(1), { stallMs: 60, settleMs: 1 }, (e) => events.push(e), () => {}, (code) => exits.push(code));
  const act = (id: number) => ({ id, parent: undefined, exited: false, spawned: true });
  // Each call parks on an operand that never settles, as an await on a notification no one sends.
  const hangs = (id: number) => () => scheduler.park(act(id), 1, new Promise(() => {}), {});
  const global = globalThis as { __conlens?: unknown };
  global.__conlens = { scheduler, m: () => [0, 1000] };
  try {
    assert.equal(await linearizable({ setup: () => ({}), parts: [[hangs(1)], [hangs(2)]], runs: 1 }), 'linearizable');
  } finally {
    delete global.__conlens;
  }
  assert.deepEqual(exits, []);
  assert.equal(events.filter((e) => e.e === 'stall').length, 0);
  assert.equal(scheduler.stallHandler, undefined);
});
