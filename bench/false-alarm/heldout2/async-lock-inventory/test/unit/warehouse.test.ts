import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BinStore } from '../../src/store.ts';
import { Warehouse } from '../../src/warehouse.ts';

test('adjust adds and removes stock', async () => {
  const w = new Warehouse(new BinStore({ A: 5 }));
  assert.equal(await w.adjust('A', 3), 8);
  assert.equal(await w.adjust('A', -8), 0);
  await assert.rejects(w.adjust('A', -1), /has only 0/);
  assert.equal(w.busy(), false);
});

test('move takes from one bin and puts into the other', async () => {
  const w = new Warehouse(new BinStore({ A: 5, B: 1 }));
  await w.move('A', 'B', 2);
  assert.deepEqual(w.store.snapshot(), { A: 3, B: 3 });
});

test('a move of more than the bin has fails and changes nothing', async () => {
  const w = new Warehouse(new BinStore({ A: 1, B: 0 }));
  await assert.rejects(w.move('A', 'B', 2), /has only 1/);
  assert.deepEqual(w.store.snapshot(), { A: 1, B: 0 });
  assert.equal(w.holding.size, 0);
});
