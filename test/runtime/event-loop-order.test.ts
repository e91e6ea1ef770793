// Node's happens-before rules between macrotask callbacks (src/core/runtime/event-loop-order.ts):
// each rule forbids exactly the orders Node never shows, and leaves I/O free.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IMMEDIATE_QUEUE, LoopClock, mustPrecede, type LoopOrder } from '../../src/core/runtime/event-loop-order.ts';

const timer = (armed: number, expiry: number): LoopOrder => ({ order: armed, armed, expiry });
const immediate = (order: number, clock = 0): LoopOrder => ({ channel: IMMEDIATE_QUEUE, order, immediate: true, clock });
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

test('an immediate precedes the timers not yet expired on the virtual clock when it was registered', () => {
  assert.equal(mustPrecede(immediate(5, 3), timer(6, 4)), true, 'the loop reaches the check phase before time passes');
  assert.equal(mustPrecede(immediate(5, 3), timer(2, 3)), false, 'a timer due at the same time may run first');
  assert.equal(mustPrecede(timer(6, 4), immediate(5, 3)), false);
});

test('I/O completions have no order, among themselves or against timers and immediates', () => {
  assert.equal(mustPrecede(io(1), io(2)), false);
  assert.equal(mustPrecede(io(1), timer(2, 1)), false);
  assert.equal(mustPrecede(timer(1, 1), io(2)), false);
  assert.equal(mustPrecede(immediate(1), io(2)), false);
});

// fahunt2 FA3: the real time a stretch runs without yielding moves the timers' clock when the
// program read the clock in it; time between stretches, short stretches and unread time do not.
test('LoopClock: a long synchronous run that read the clock counts; a gap between runs, a short run and an unread one do not; immediates use the last expiry that ran', async () => {
  const busy = (ms: number) => {
    const start = performance.now();
    while (performance.now() - start < ms) { /* a long synchronous step */ }
  };
  const clock = new LoopClock();
  assert.equal(clock.look(), 0);
  busy(12);
  assert.equal(clock.look(), 0, 'the program never read the clock: the machine\'s speed is no guarantee');
  clock.observe();
  busy(12);
  const after = clock.look();
  assert.ok(after >= 12 && after < 1000, String(after));
  // The next run starts its own stretch: the time in between (here a 15 ms wait) is not counted.
  await new Promise((resolve) => setTimeout(resolve, 15));
  assert.equal(clock.look(), after);
  // A short stretch: the pure virtual clock. (On a loaded machine the process may be set aside
  // for longer than LONG_STRETCH_MS in between: then the stretch was long, and says nothing.)
  const shortFrom = performance.now();
  clock.observe();
  busy(1);
  const short = clock.look();
  if (performance.now() - shortFrom < 5) assert.equal(short, after);
  // A step is one stretch across its microtasks, until it ends.
  await new Promise((resolve) => setTimeout(resolve, 15));
  clock.step();
  await Promise.resolve();
  clock.observe();
  busy(8);
  await Promise.resolve();
  const stepped = clock.look();
  assert.ok(stepped >= after + 8, `${stepped} after ${after}`);
  clock.end();
  // A timer that ran sets both clocks; a long stretch moves only the timers' one.
  clock.reach(stepped + 100);
  assert.equal(clock.fired, stepped + 100);
  assert.equal(clock.now, stepped + 100);
  clock.observe();
  busy(6);
  assert.ok(clock.look() >= stepped + 106);
  assert.equal(clock.fired, stepped + 100);
});
