import { test } from 'node:test';
import assert from 'node:assert/strict';
import ctx from '../../src/context.cjs';
import { linesFor, log, logLines, OrderDb, OrdersApi } from '../../src/orders.ts';

test('log outside a request has no request id', () => {
  logLines.length = 0;
  log('boot');
  assert.deepEqual(logLines, [{ requestId: '-', message: 'boot' }]);
});

test('runWithContext exposes the context to the callee', () => {
  const seen = ctx.runWithContext({ requestId: 'r0', user: 'x' }, () => ctx.currentContext().requestId);
  assert.equal(seen, 'r0');
});

test('an order is stored and its log lines name the request', async () => {
  logLines.length = 0;
  const db = new OrderDb();
  const api = new OrdersApi(db);
  const id = await api.handle('r1', 'ann', ['tea', 'mug']);
  assert.deepEqual(db.orders.get(id), { user: 'ann', items: ['tea', 'mug'] });
  assert.deepEqual(linesFor('r1'), ['placing 2 items for ann', `stored order ${id}`, `order ${id} placed`]);
});

test('requests one after another keep their own lines', async () => {
  logLines.length = 0;
  const api = new OrdersApi(new OrderDb());
  await api.handle('r1', 'ann', ['a']);
  await api.handle('r2', 'bob', ['b', 'c']);
  assert.equal(linesFor('r1').length, 3);
  assert.equal(linesFor('r2')[0], 'placing 2 items for bob');
});
