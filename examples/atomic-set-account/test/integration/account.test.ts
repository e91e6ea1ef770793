import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Account } from '../../src/account.ts';

// 001 Figure 3 (AccountTest): t1 checks x.isLegal(), starts t2, then creates y from x; t2 runs
// x.creditInterest(rate). Serially (Figures 4-5) y is x before the interest, (100, 200), or after
// it, (125, 250); an interleaved copy (Figure 6) mixes the two, e.g. (100, 250).
const input = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(() => resolve(value)));

test('t1 copies x into y while t2 credits interest on x', async () => {
  const x = new Account(100, 200);
  const y = new Account();
  let t2: Promise<void> = Promise.resolve();
  const t1 = async () => {
    if (await x.isLegal()) {
      // t2 starts once its own input arrived (I/O: the next turn of the event loop). In Java it
      // may start at any time; in Node only after an await of its own — called at once, its lock
      // request would always come before t1's.
      t2 = (async () => x.creditInterest(await input(0.25)))();
      await y.copyFrom(x);
    }
  };
  await t1();
  await t2;
  const state = [await y.getChk(), await y.getSav()];
  assert.ok(
    (state[0] === 100 && state[1] === 200) || (state[0] === 125 && state[1] === 250),
    `y = (${state}) is neither x before the interest (100,200) nor after it (125,250)`,
  );
  assert.deepEqual([await x.getChk(), await x.getSav()], [125, 250]);
});
