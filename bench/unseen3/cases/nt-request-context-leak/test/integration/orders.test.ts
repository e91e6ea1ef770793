import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { AuditLog, OrderDb, OrdersApi } from '../../src/orders.ts';
import type { Request } from '../../src/orders.ts';

function setup(orders: Array<[string, string]>) {
  const db = new OrderDb();
  for (const [id, owner] of orders) db.insert({ id, owner, status: 'open' });
  const audit = new AuditLog();
  return { db, audit, api: new OrdersApi(db, audit) };
}

/** A request that comes in a few milliseconds after the test starts. */
async function arriving(maxMs: number, api: OrdersApi, req: Request) {
  await delay(Math.floor(Math.random() * maxMs));
  return api.cancelOrder(req);
}

test('two customers cancelling their own orders are both served', async () => {
  const { db, audit, api } = setup([['o1', 'ann'], ['o2', 'bob']]);
  const replies = await Promise.all([
    api.cancelOrder({ id: 'r1', user: 'ann', orderId: 'o1' }),
    arriving(90, api, { id: 'r2', user: 'bob', orderId: 'o2' }),
  ]);
  assert.deepEqual(replies, [{ status: 200 }, { status: 200 }]);
  assert.equal((await db.find('o2'))?.status, 'cancelled');
  assert.deepEqual(audit.forRequest('r2').map((e) => e.user), ['bob', 'bob']);
});

test('every audit entry of a busy minute names the user of its own request', async () => {
  const { audit, api } = setup([['o1', 'ann'], ['o2', 'bob'], ['o3', 'cy']]);
  await Promise.all([
    arriving(150, api, { id: 'r1', user: 'ann', orderId: 'o1' }),
    arriving(150, api, { id: 'r2', user: 'eve', orderId: 'o2' }),
    arriving(150, api, { id: 'r3', user: 'cy', orderId: 'o3' }),
  ]);
  const owners: Record<string, string> = { r1: 'ann', r2: 'eve', r3: 'cy' };
  for (const entry of audit.entries) assert.equal(entry.user, owners[entry.requestId], entry.action);
  assert.equal(audit.entries.length, 6);
});

test('requests for missing orders at once all get 404', async () => {
  const { api } = setup([]);
  const replies = await Promise.all(['x', 'y', 'z'].map((id, i) => api.cancelOrder({ id: `r${i}`, user: 'ann', orderId: id })));
  assert.deepEqual(replies, [{ status: 404 }, { status: 404 }, { status: 404 }]);
});
