import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Database, TokenChecker } from '../../src/backends.ts';
import { OrderService } from '../../src/order-service.ts';

const users = { t1: 'ann', t2: 'bob', t3: 'cyd' };

test('orders accepted before a shutdown are completed before the database closes', async () => {
  const db = new Database();
  const service = new OrderService(new TokenChecker(users), db);
  const results = await Promise.allSettled([
    service.placeOrder({ token: 't1', item: 'lamp' }),
    service.placeOrder({ token: 't2', item: 'desk' }),
    service.shutdown(),
  ]);
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'fulfilled', 'fulfilled']);
  assert.equal(db.count(), 2);
  assert.equal(db.closed, true);
});

test('a shutdown during a steady stream of orders loses none it accepted', async () => {
  const db = new Database();
  const service = new OrderService(new TokenChecker(users), db);
  const first = service.placeOrder({ token: 't3', item: 'rug' });
  await new Promise((resolve) => setImmediate(resolve));
  const results = await Promise.allSettled([
    first,
    service.placeOrder({ token: 't1', item: 'vase' }),
    service.shutdown(),
    service.placeOrder({ token: 't2', item: 'sofa' }),
  ]);
  assert.equal(results[0].status, 'fulfilled');
  assert.equal(results[1].status, 'fulfilled');
  assert.equal(results[2].status, 'fulfilled');
  assert.equal(results[3].status, 'rejected');
  assert.equal(db.count(), 2);
});

test('orders from several users at once are all stored', async () => {
  const db = new Database();
  const service = new OrderService(new TokenChecker(users), db);
  const ids = await Promise.all(['t1', 't2', 't3'].map((token, i) => service.placeOrder({ token, item: `item-${i}` })));
  assert.deepEqual([...ids].sort(), [1, 2, 3]);
  assert.equal(service.pending, 0);
});
