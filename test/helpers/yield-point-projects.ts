// The yield-point projects of test/runtime/yield-points.test.ts, shared with the slow tier's
// longer clean streaks of their mutex-fixed variants (test/slow/yield-points-fixed.test.ts).
const CONFIG = (extra: object = {}) => JSON.stringify({
  include: ['src/**/*.ts'],
  integration: { command: 'node --test test/*.test.ts' },
  timeoutMs: 20000,
  ...extra,
});

// Two tasks, each with its own generator over one pool: the generator checks a slot is free
// before its yield and takes it after the consumer came back (a check-then-act across the yield).
export const LEASES = (locked: boolean) => ({
  'package.json': '{ "type": "module" }',
  'conlens.config.json': CONFIG({ atomic: ['take'] }),
  'src/pool.ts': `import { Mutex } from 'async-mutex';
export class Pool {
  free = 3;
  readonly mutex = new Mutex();
}
export async function* leases(pool: Pool): AsyncGenerator<number> {
  while (pool.free > 0) {
    const slot = pool.free;
    yield slot;
    pool.free = slot - 1;
  }
}
export async function take(pool: Pool, taken: number[]): Promise<void> {
  await null;
  ${locked ? 'await pool.mutex.runExclusive(async () => {' : '{'}
    for await (const slot of leases(pool)) taken.push(slot);
  }${locked ? ')' : ''};
}`,
  'test/pool.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Pool, take } from '../src/pool.ts';
test('every slot is leased once', async () => {
  const pool = new Pool();
  const taken: number[] = [];
  await Promise.all([take(pool, taken), take(pool, taken)]);
  assert.deepEqual([...taken].sort(), [1, 2, 3]);
});`,
});

// Two workers share one generator of jobs; each keeps the ledger's total in a local across its
// for await iterations (read before the loop, written after each job): a lost update when the
// other worker took a job in between.
export const LEDGER = (locked: boolean) => ({
  'package.json': '{ "type": "module" }',
  'conlens.config.json': CONFIG(),
  'src/ledger.ts': `import { Mutex } from 'async-mutex';
export class Ledger {
  total = 0;
  readonly mutex = new Mutex();
}
export async function* jobs(costs: number[]): AsyncGenerator<number> {
  for (const cost of costs) yield cost;
}
async function book(ledger: Ledger, source: AsyncIterable<number>): Promise<void> {
  let total = ledger.total;
  for await (const cost of source) {
    total += cost;
    ledger.total = total;
  }
}
export async function worker(ledger: Ledger, source: AsyncIterable<number>): Promise<void> {
  await null;
  ${locked ? 'await ledger.mutex.runExclusive(() => book(ledger, source));' : 'await book(ledger, source);'}
}`,
  'test/ledger.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ledger, jobs, worker } from '../src/ledger.ts';
test('every job is booked', async () => {
  const ledger = new Ledger();
  const source = jobs([1, 2, 3, 4]);
  await Promise.all([worker(ledger, source), worker(ledger, source)]);
  assert.equal(ledger.total, 10);
});`,
});

