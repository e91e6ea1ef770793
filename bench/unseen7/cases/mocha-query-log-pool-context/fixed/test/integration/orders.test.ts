import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearLog, logLines } from '../../src/context';
import { Database, FakeSqlServer, Pool } from '../../src/db';
import { createOrderHandler, OrderService, type OrderRequest } from '../../src/orders';

function shop(max: number) {
  const server = new FakeSqlServer();
  server.stock.set('mug', 5);
  server.stock.set('pen', 40);
  server.stock.set('lamp', 10);
  const pool = new Pool(server, max);
  return { server, pool, handle: createOrderHandler(new OrderService(new Database(pool))) };
}

const order = (id: string, user: string, sku: string, qty = 1): OrderRequest => ({ headers: { 'x-request-id': id, 'x-user': user }, body: { sku, qty } });

/** Requests arriving at random moments within `spreadMs`. */
function arrive(handle: ReturnType<typeof shop>['handle'], reqs: OrderRequest[], spreadMs: number) {
  return Promise.all(
    reqs.map(async (req) => {
      await sleep(Math.floor(Math.random() * spreadMs));
      return handle(req);
    }),
  );
}

describe('orders arriving together', () => {
  beforeEach(() => clearLog());

  it('each order has its three queries logged under its own request id', async () => {
    const { handle } = shop(2);
    const reqs = [order('a-1', 'ann', 'pen'), order('b-1', 'bob', 'lamp'), order('c-1', 'cem', 'pen', 2), order('d-1', 'dee', 'lamp')];
    const answers = await arrive(handle, reqs, 12);
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 201, 201]);
    const perRequest = Object.fromEntries(['a-1', 'b-1', 'c-1', 'd-1'].map((id) => [id, logLines({ kind: 'query', requestId: id }).length]));
    assert.deepEqual(perRequest, { 'a-1': 3, 'b-1': 3, 'c-1': 3, 'd-1': 3 });
  });

  it('audit lines name the request and the customer of each order', async () => {
    const { handle } = shop(2);
    await arrive(handle, [order('a-2', 'ann', 'mug'), order('b-2', 'bob', 'mug'), order('c-2', 'cem', 'pen')], 12);
    const audit = logLines({ kind: 'audit' }).map((l) => `${l.requestId} ${l.text.replace(/order \d+ /, 'order ')}`).sort();
    assert.deepEqual(audit, ['a-2 order placed by ann: 1 × mug', 'b-2 order placed by bob: 1 × mug', 'c-2 order placed by cem: 1 × pen']);
  });

  it('a rush on one product sells exactly the stock over at most two connections', async () => {
    const { handle, server, pool } = shop(2);
    const reqs = Array.from({ length: 8 }, (_, i) => order(`rush-${i}`, `u${i}`, 'mug'));
    const answers = await Promise.all(reqs.map((req) => handle(req)));
    assert.equal(answers.filter((a) => a.status === 201).length, 5);
    assert.equal(answers.filter((a) => a.status === 409).length, 3);
    assert.equal(server.stock.get('mug'), 0);
    assert.ok(pool.peakBusy <= 2, `peak ${pool.peakBusy}`);
  });

  it('with a connection for everyone, nobody waits and the log is right', async () => {
    const { handle, pool } = shop(8);
    await Promise.all([order('x-1', 'xia', 'pen'), order('y-1', 'yan', 'lamp'), order('z-1', 'zoe', 'pen')].map((req) => handle(req)));
    assert.equal(pool.waiting, 0);
    for (const id of ['x-1', 'y-1', 'z-1']) assert.equal(logLines({ kind: 'query', requestId: id }).length, 3);
  });
});
