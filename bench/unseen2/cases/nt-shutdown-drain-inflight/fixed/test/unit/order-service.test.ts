import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Database, TokenChecker } from '../../src/backends.ts';
import { OrderService, validateItem } from '../../src/order-service.ts';

const users = { t1: 'ann', t2: 'bob' };

test('validateItem accepts item codes and refuses the rest', () => {
  assert.equal(validateItem(' sku-12 '), 'sku-12');
  assert.throws(() => validateItem('DROP TABLE'), /bad item code/);
});

test('orders are stored for the token\'s user', async () => {
  const db = new Database();
  const service = new OrderService(new TokenChecker(users), db);
  assert.equal(await service.placeOrder({ token: 't1', item: 'lamp' }), 1);
  assert.equal(await service.placeOrder({ token: 't2', item: 'desk' }), 2);
  await assert.rejects(service.placeOrder({ token: 'nope', item: 'desk' }), /invalid token/);
  assert.equal(db.count(), 2);
  assert.equal(service.pending, 0);
});

test('after shutdown new orders are refused and the database is closed', async () => {
  const db = new Database();
  const service = new OrderService(new TokenChecker(users), db);
  await service.placeOrder({ token: 't1', item: 'chair' });
  await service.shutdown();
  assert.equal(db.closed, true);
  await assert.rejects(service.placeOrder({ token: 't1', item: 'chair' }), /shutting down/);
});
