import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StockService, StockStore } from '../../src/stock-server.ts';

test('reserve takes stock while there is enough', async () => {
  const s = new StockService(new StockStore({ mug: 3 }));
  assert.deepEqual(await s.reserve('mug', 2), { ok: true, left: 1 });
  assert.deepEqual(await s.reserve('mug', 2), { ok: false, left: 1 });
  assert.equal(await s.store.get('mug'), 1);
});

test('an unknown sku is an error and frees the key', async () => {
  const s = new StockService(new StockStore({}));
  await assert.rejects(s.reserve('ghost', 1), /no such sku/);
  assert.equal(s.lock.keys, 0);
});

test('one request over HTTP', async () => {
  const s = new StockService(new StockStore({ mug: 1 }));
  const port = await s.listen();
  try {
    const res = await fetch(`http://127.0.0.1:${port}/reserve/mug?qty=1`, { method: 'POST' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ok: true, left: 0 });
  } finally {
    await s.close();
  }
});
