import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BinStore } from '../../src/store.ts';
import { Warehouse } from '../../src/warehouse.ts';

test('concurrent adjustments of one bin lose no update', async () => {
  const w = new Warehouse(new BinStore({ A: 0 }));
  await Promise.all(Array.from({ length: 20 }, (_, i) => w.adjust('A', i % 2 === 0 ? 3 : 2)));
  assert.deepEqual(w.store.snapshot(), { A: 50 });
  assert.equal(w.maxHolding, 1);
});

test('two different bins are held at the same time', async () => {
  const w = new Warehouse(new BinStore({ A: 1, B: 1 }));
  let arrived = 0;
  let both!: () => void;
  const met = new Promise<void>((resolve) => (both = resolve));
  const meet = (bin: string) =>
    w.withBin(bin, async () => {
      if (++arrived === 2) both();
      await met;
      return bin;
    });
  assert.deepEqual(await Promise.all([meet('A'), meet('B')]), ['A', 'B']);
  assert.equal(w.busy(), false);
});

test('moves in both directions at once keep the total and never deadlock', async () => {
  const w = new Warehouse(new BinStore({ A: 10, B: 10, C: 10 }));
  const moves = [
    w.move('A', 'B', 2), w.move('B', 'A', 1), w.move('B', 'C', 3), w.move('C', 'A', 4),
    w.move('A', 'C', 1), w.move('C', 'B', 2), w.adjust('A', 1), w.adjust('B', -1),
  ];
  await Promise.all(moves);
  const s = w.store.snapshot();
  assert.equal(s.A + s.B + s.C, 30);
  assert.deepEqual(s, { A: 10 - 2 + 1 + 4 - 1 + 1, B: 10 + 2 - 1 - 3 + 2 - 1, C: 10 + 3 - 4 + 1 - 2 });
});

test('a burst beyond maxPending is turned away; the accepted ones all apply', async () => {
  const w = new Warehouse(new BinStore({ A: 0 }), { maxPending: 2 });
  const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => w.adjust('A', 1)));
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
  for (const r of results) if (r.status === 'rejected') assert.match(String(r.reason), /Too many pending/);
  assert.deepEqual(w.store.snapshot(), { A: 3 });
  assert.equal(await w.adjust('A', 1), 4, 'once the queue is empty, a new call is accepted');
});
