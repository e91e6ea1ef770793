// The trace writer's directly formatted lines (src/core/runtime/trace-writer.ts lineOf) are the
// JSON that JSON.stringify writes, byte for byte, for every shape the hot event kinds take.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lineOf } from '../../src/core/runtime/trace-writer.ts';
import type { TraceEvent } from '../../src/core/runtime/trace-events.ts';

const events: TraceEvent[] = [
  { e: 'en', a: 3, p: null, f: 0, o: 1, v: {} },
  { e: 'en', a: 4, p: 3, f: 2, o: 2, v: { amount: 5, 'this.name': 'a "quoted"\nname', obj: { $: 'object', id: 2, cls: 'Account' } } },
  { e: 'ex', a: 4, f: 2, x: 0, v: {} },
  { e: 'ex', a: 4, f: 2, x: 17, v: { return: { $: 'undefined' }, flag: true, none: null } },
  { e: 'spawn', a: 1_000_000_001 },
  { e: 'aw', a: 4, s: 9 },
  { e: 'rs', a: 4, s: 9 },
  { e: 'sched', n: 1, a: null, s: 14, c: 3, i: 2, k: '0@14', t: -1 },
  { e: 'sched', n: 2, a: 1_000_000_002, s: 25, c: 1, i: 0, k: 'c7.0@25', t: null, d: 1 },
  { e: 'rd', a: null, s: 27, obj: 0, k: 'file:/tmp/a "b"\\c' },
  { e: 'wr', a: 4, s: 3, obj: 12, k: 'balance', v: { $: 'number', v: 'NaN' } },
  { e: 'up', a: 4, s: 3, obj: 12, k: '[]', ek: 'key\u0001' },
  { e: 'rd', a: 4, s: 3, obj: 12, k: '[]', v: 2, ek: 0 },
  { e: 'fn', i: 0, name: 'f', file: 'src/a.ts', line: 1, kind: 'function', async: true },
];

test('hot event kinds are formatted exactly as JSON.stringify writes them', () => {
  for (const event of events) assert.equal(lineOf(event), `${JSON.stringify(event)}\n`, event.e);
});

test('a formatted line parses back to its event', () => {
  for (const event of events) assert.deepEqual(JSON.parse(lineOf(event)), event);
});
