import { test } from 'node:test';
import assert from 'node:assert/strict';
import { currentContext, withContext } from '../../src/context.ts';
import { AuditLog, OrderDb, OrdersApi, canCancel } from '../../src/orders.ts';

function setup() {
  const db = new OrderDb();
  db.insert({ id: 'o1', owner: 'ann', status: 'open' });
  db.insert({ id: 'o2', owner: 'bob', status: 'shipped' });
  const audit = new AuditLog();
  return { db, audit, api: new OrdersApi(db, audit) };
}

test('the owner cancels an open order, and the audit trail names the request', async () => {
  const { db, audit, api } = setup();
  assert.deepEqual(await api.cancelOrder({ id: 'r1', user: 'ann', orderId: 'o1' }), { status: 200 });
  assert.equal((await db.find('o1'))?.status, 'cancelled');
  assert.deepEqual(audit.forRequest('r1'), [
    { requestId: 'r1', user: 'ann', action: 'cancel o1 requested' },
    { requestId: 'r1', user: 'ann', action: 'cancelled o1' },
  ]);
});

test('another user may not cancel it', async () => {
  const { audit, api } = setup();
  assert.deepEqual(await api.cancelOrder({ id: 'r2', user: 'eve', orderId: 'o1' }), { status: 403 });
  assert.deepEqual(audit.forRequest('r2').map((e) => e.action), ['cancel o1 requested', 'cancel o1 denied']);
});

test('unknown and shipped orders', async () => {
  const { api } = setup();
  assert.deepEqual(await api.cancelOrder({ id: 'r3', user: 'ann', orderId: 'nope' }), { status: 404 });
  assert.deepEqual(await api.cancelOrder({ id: 'r4', user: 'bob', orderId: 'o2' }), { status: 409 });
  assert.equal(canCancel({ id: 'x', owner: 'a', status: 'open' }), true);
});

test('the context is only there inside a handler', async () => {
  assert.throws(() => currentContext(), /no request context/);
  const user = await withContext({ requestId: 'r5', user: 'cy' }, async () => currentContext().user);
  assert.equal(user, 'cy');
  assert.throws(() => currentContext(), /no request context/);
});
