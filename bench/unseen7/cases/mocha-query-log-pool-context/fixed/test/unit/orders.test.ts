import assert from 'node:assert/strict';
import { clearLog, logLines } from '../../src/context';
import { Database, FakeSqlServer, Pool, type Connection } from '../../src/db';
import { createOrderHandler, OrderService } from '../../src/orders';

function shop(max = 2) {
  const server = new FakeSqlServer();
  server.stock.set('mug', 3);
  server.stock.set('pen', 40);
  const pool = new Pool(server, max);
  const db = new Database(pool);
  return { server, pool, db, handle: createOrderHandler(new OrderService(db)) };
}

describe('orders, one request at a time', () => {
  beforeEach(() => clearLog());

  it('refuses a request without a product or a positive quantity', async () => {
    const { handle, db } = shop();
    assert.equal((await handle({ headers: {}, body: { qty: 1 } })).status, 400);
    assert.equal((await handle({ headers: {}, body: { sku: 'mug', qty: 0 } })).status, 400);
    assert.equal(db.queries, 0);
  });

  it('places an order and logs its queries and audit line under the request id', async () => {
    const { handle, server } = shop();
    const res = await handle({ headers: { 'x-request-id': 'r-1', 'x-user': 'ann' }, body: { sku: 'mug', qty: 2 } });
    assert.deepEqual(res, { status: 201, body: { orderId: 1, left: 1 } });
    assert.deepEqual(server.orders, [{ id: 1, sku: 'mug', qty: 2, customer: 'ann' }]);
    assert.equal(logLines({ requestId: 'r-1', kind: 'query' }).length, 3);
    assert.deepEqual(logLines({ kind: 'audit' }).map((l) => [l.requestId, l.text]), [['r-1', 'order 1 placed by ann: 2 × mug']]);
  });

  it('refuses more than the stock, and unknown products', async () => {
    const { handle, server } = shop();
    assert.deepEqual(await handle({ headers: { 'x-request-id': 'r-2' }, body: { sku: 'mug', qty: 5 } }), { status: 409, body: 'only 3 of mug left' });
    assert.deepEqual(await handle({ headers: { 'x-request-id': 'r-3' }, body: { sku: 'cup', qty: 1 } }), { status: 409, body: 'unknown product cup' });
    assert.equal(server.stock.get('mug'), 3);
    assert.deepEqual(logLines({ kind: 'audit' }).map((l) => l.requestId), ['r-2', 'r-3']);
  });

  it('makes up a request id when the caller sends none', async () => {
    const { handle } = shop();
    await handle({ headers: { 'x-user': 'bob' }, body: { sku: 'pen', qty: 1 } });
    const ids = new Set(logLines().map((l) => l.requestId));
    assert.equal(ids.size, 1);
    assert.match([...ids][0], /^gen-\d+$/);
  });

  it('with one connection a second caller waits and is handed it', async () => {
    const { pool } = shop(1);
    const first = await new Promise<Connection>((resolve) => pool.acquire(resolve));
    const second = new Promise<Connection>((resolve) => pool.acquire(resolve));
    assert.equal(pool.waiting, 1);
    pool.release(first);
    assert.equal(await second, first);
    pool.release(first);
    assert.equal(pool.peakBusy, 1);
  });
});
