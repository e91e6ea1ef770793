import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Catalog } from '../../src/catalog.ts';

const seed = () => [
  { sku: 'A1', name: 'kettle', price: 20 },
  { sku: 'B2', name: 'toaster', price: 30 },
  { sku: 'C3', name: 'blender', price: 50 },
];

test('two readers are inside at once: each waits for the other to arrive', async () => {
  const c = new Catalog(seed());
  let arrived = 0;
  let bothIn!: () => void;
  const meeting = new Promise<void>((resolve) => (bothIn = resolve));
  const reader = (name: string) =>
    c.readWith(async () => {
      if (++arrived === 2) bothIn();
      await meeting;
      return name;
    });
  assert.deepEqual(await Promise.all([reader('left'), reader('right')]), ['left', 'right']);
  assert.deepEqual(c.lockState, { readers: 0, writing: false, waiting: 0 });
});

test('a writer never runs next to a reader, and readers see whole snapshots', async () => {
  const c = new Catalog(seed());
  const before = [c.lookup('A1'), c.lookup('B2')];
  const writes = [c.reprice(2), c.upsert({ sku: 'D4', name: 'mixer', price: 10 })];
  const after = [c.lookup('A1'), c.lookup('D4')];
  const [r1, r2] = await Promise.all(before);
  const [v1] = await Promise.all(writes);
  const [r3, r4] = await Promise.all(after);
  assert.deepEqual(c.writerSawReaders, [0, 0]);
  assert.equal(r1.product?.price, 20);
  assert.equal(r2.product?.price, 30);
  assert.equal(v1, 1);
  assert.deepEqual([r3.version, r3.product?.price], [2, 40]);
  assert.deepEqual([r4.version, r4.product?.price], [2, 10]);
});

test('readers that arrive together share the lock', async () => {
  const c = new Catalog(seed());
  await Promise.all(['A1', 'B2', 'C3', 'A1'].map((sku) => c.lookup(sku, 5)));
  assert.ok(Math.max(...c.readersSeen) >= 2, `readers overlapped: ${c.readersSeen}`);
  assert.deepEqual(c.lockState, { readers: 0, writing: false, waiting: 0 });
});

test('totals read during repricing are either all old or all new', async () => {
  const c = new Catalog(seed());
  const totals = await Promise.all([c.total(), c.reprice(1.5).then(() => c.total()), c.total(), c.reprice(2), c.total()]);
  assert.equal(totals[0], 100);
  for (const t of [totals[2], totals[4]]) assert.ok([100, 150, 300].includes(t as number), `total ${t} is a whole snapshot`);
  assert.equal(totals[4], 300);
  assert.equal(c.version, 2);
});
