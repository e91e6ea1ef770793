import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StringBuffer } from '../../src/string-buffer.ts';

// Thread t2 starts when its own input has arrived (I/O, here the next turn of the event loop): in
// Java it may start at any time; in Node, only after an await it makes itself. Without it, t2's
// lock request would always come before t1's first await (Promise.allSettled calls both at once),
// and no Node run could interleave them.
const input = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(() => resolve(value)));

function failures(outcomes: PromiseSettledResult<unknown>[]): string {
  return outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : '')).filter(Boolean).join('; ');
}

// 003 Table 1 / 000 C2: thread t1 runs sb1.append(sb2) while thread t2 empties sb2. Serially sb1 ends
// as "Hello, world" (append first) or "Hello, " (setLength first); nothing throws.
test('append(sb2) while sb2.setLength(0)', async () => {
  const sb1 = new StringBuffer('Hello, ');
  const sb2 = new StringBuffer('world');
  const outcomes = await Promise.allSettled([sb1.append(sb2), (async () => sb2.setLength(await input(0)))()]);
  assert.equal(failures(outcomes), '');
  assert.ok(['Hello, world', 'Hello, '].includes(await sb1.substring(0)), `sb1 = ${await sb1.substring(0)}`);
  assert.equal(await sb2.length(), 0);
});

// The same with delete: serially sb1 ends as "Hello, world" or "Hello, ld", sb2 as "ld".
test('append(sb2) while sb2.delete(0, 3)', async () => {
  const sb1 = new StringBuffer('Hello, ');
  const sb2 = new StringBuffer('world');
  const outcomes = await Promise.allSettled([sb1.append(sb2), (async () => sb2.delete(await input(0), 3))()]);
  assert.equal(failures(outcomes), '');
  assert.ok(['Hello, world', 'Hello, ld'].includes(await sb1.substring(0)), `sb1 = ${await sb1.substring(0)}`);
  assert.equal(await sb2.substring(0), 'ld');
});
