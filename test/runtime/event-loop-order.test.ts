// Node's happens-before rules between macrotask callbacks (src/core/runtime/event-loop-order.ts):
// each rule forbids exactly the orders Node never shows, and leaves I/O free.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IMMEDIATE_QUEUE, mustPrecede, type LoopOrder } from '../../src/core/runtime/event-loop-order.ts';

const timer = (armed: number, expiry: number, turn = 0): LoopOrder => ({ order: armed, armed, expiry, turn });
const immediate = (order: number, turn = 0, beforeTimers = true): LoopOrder => ({ channel: IMMEDIATE_QUEUE, order, immediate: true, turn, beforeTimers });
const io = (order: number): LoopOrder => ({ order });

test('timers run by expiry on the virtual clock, then in the order they were armed', () => {
  assert.equal(mustPrecede(timer(1, 5), timer(2, 5)), true, 'same expiry: FIFO');
  assert.equal(mustPrecede(timer(2, 5), timer(1, 5)), false);
  assert.equal(mustPrecede(timer(2, 1), timer(1, 10)), true, 'a later-armed timer that expires first runs first');
  assert.equal(mustPrecede(timer(1, 10), timer(2, 1)), false);
});

test('one channel is FIFO: immediates, an interval\'s ticks, one emitter\'s events', () => {
  assert.equal(mustPrecede(immediate(1), immediate(2)), true);
  assert.equal(mustPrecede(immediate(2), immediate(1)), false);
  const emitter = {};
  assert.equal(mustPrecede({ channel: emitter, order: 3 }, { channel: emitter, order: 4 }), true);
  assert.equal(mustPrecede({ channel: emitter, order: 3 }, { channel: {}, order: 4 }), false, 'two emitters: no order');
});

test('an immediate of a timers or poll turn precedes the timers armed then or later; of a check turn, none', () => {
  assert.equal(mustPrecede(immediate(5, 3), timer(6, 1, 3)), true);
  assert.equal(mustPrecede(immediate(5, 3), timer(2, 1, 2)), false, 'a timer armed in an earlier turn may expire first');
  assert.equal(mustPrecede(immediate(5, 3, false), timer(6, 1, 3)), false, 'armed in the check phase: the next timers phase may come first');
  assert.equal(mustPrecede(timer(6, 1, 3), immediate(5, 3)), false);
});

test('I/O completions have no order, among themselves or against timers and immediates', () => {
  assert.equal(mustPrecede(io(1), io(2)), false);
  assert.equal(mustPrecede(io(1), timer(2, 1)), false);
  assert.equal(mustPrecede(timer(1, 1), io(2)), false);
  assert.equal(mustPrecede(immediate(1), io(2)), false);
});
