import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StockService, StockStore } from '../../src/stock-server.ts';

async function withServer(stock: Record<string, number>, fn: (url: string, s: StockService) => Promise<void>): Promise<void> {
  const s = new StockService(new StockStore(stock));
  const port = await s.listen();
  try {
    await fn(`http://127.0.0.1:${port}`, s);
  } finally {
    await s.close();
  }
}

const post = async (url: string) => {
  const res = await fetch(url, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as { ok?: boolean; left?: number } };
};

test('two concurrent requests for the last item: exactly one gets it', async () => {
  await withServer({ lamp: 1 }, async (url, s) => {
    const results = await Promise.all([post(`${url}/reserve/lamp?qty=1`), post(`${url}/reserve/lamp?qty=1`)]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409]);
    assert.equal(await s.store.get('lamp'), 0);
  });
});

test('ten concurrent reservations of one sku never oversell', async () => {
  await withServer({ chair: 7 }, async (url, s) => {
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`${url}/reserve/chair?qty=1`)));
    assert.equal(results.filter((r) => r.status === 200).length, 7);
    assert.equal(results.filter((r) => r.status === 409).length, 3);
    assert.deepEqual(results.filter((r) => r.status === 200).map((r) => r.body.left).sort(), [0, 1, 2, 3, 4, 5, 6]);
    assert.equal(await s.store.get('chair'), 0);
  });
});

test('different skus are served in parallel', async () => {
  await withServer({ a: 1, b: 1 }, async (_url, s) => {
    let arrived = 0;
    let both!: () => void;
    const met = new Promise<void>((resolve) => (both = resolve));
    const meet = (key: string) =>
      s.lock.run(key, async () => {
        if (++arrived === 2) both();
        await met;
        return key;
      });
    assert.deepEqual(await Promise.all([meet('a'), meet('b')]), ['a', 'b']);
    assert.equal(s.lock.maxActive, 2);
    assert.equal(s.lock.keys, 0);
  });
});

test('mixed skus over HTTP: each sku sold exactly down to zero', async () => {
  await withServer({ pen: 3, ink: 2, pad: 4 }, async (url, s) => {
    const reqs = ['pen', 'ink', 'pad', 'pen', 'ink', 'pad', 'pen', 'ink', 'pad', 'pen', 'pad', 'pad'];
    const results = await Promise.all(reqs.map((sku) => post(`${url}/reserve/${sku}?qty=1`)));
    const okBySku: Record<string, number> = {};
    reqs.forEach((sku, i) => {
      if (results[i].status === 200) okBySku[sku] = (okBySku[sku] ?? 0) + 1;
    });
    assert.deepEqual(okBySku, { pen: 3, ink: 2, pad: 4 });
    for (const sku of ['pen', 'ink', 'pad']) assert.equal(await s.store.get(sku), 0);
    assert.equal(s.lock.keys, 0);
  });
});
