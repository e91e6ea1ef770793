// trace/concurrency.ts: did a test process run concurrent work (rank's and fuzz's "no concurrent
// work", issue 29 §4)?
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConcurrencyProbe } from '../../src/core/trace/concurrency.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';
import type { TraceFileInfo } from '../../src/core/trace/read-trace.ts';

const info = { file: 't', functions: new Map([[1, { e: 'fn', i: 1, name: 'withdraw', file: 'src/a.ts', line: 1, kind: 'method', async: true }]]), sites: new Map(), events: 0, badLines: 0, truncated: false } as unknown as TraceFileInfo;
const probe = (events: object[]) => {
  const p = new ConcurrencyProbe();
  for (const e of events) p.see(e as TraceEvent, info);
  return p.concurrent;
};
const call = (a: number) => [{ e: 'en', a, p: null, f: 1, o: a, v: {} }, { e: 'ex', a, f: 1, x: 0, v: {} }];
const lk = (a: number, op: string) => ({ e: 'lk', a, s: 1, op, lock: 9 });

test("two callers in one lock's queue at once are concurrent work, though each call returned at once (`return lock.runExclusive(…)`)", () => {
  assert.equal(probe([...call(1), lk(1, 'request'), ...call(2), lk(2, 'request'), lk(1, 'acquired'), lk(1, 'release'), lk(2, 'acquired'), lk(2, 'release')]), true);
});

test('one caller after the other released is no concurrent work', () => {
  assert.equal(probe([...call(1), lk(1, 'request'), lk(1, 'acquired'), lk(1, 'release'), ...call(2), lk(2, 'request'), lk(2, 'acquired'), lk(2, 'release')]), false);
});

test("a call the test makes while an async call of an earlier one still runs is concurrent work (the test's call returned its callee's promise)", () => {
  const enter = (a: number, p: number | null) => ({ e: 'en', a, p, f: 1, o: a, v: {} });
  const exit = (a: number) => ({ e: 'ex', a, f: 1, x: 0, v: {} });
  assert.equal(probe([enter(1, null), enter(2, 1), exit(1), enter(3, null), exit(3), exit(2)]), true);
  assert.equal(probe([enter(1, null), enter(2, 1), exit(2), exit(1), enter(3, null), exit(3)]), false);
});
