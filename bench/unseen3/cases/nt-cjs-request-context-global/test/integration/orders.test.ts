import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linesFor, logLines, OrderDb, OrdersApi } from '../../src/orders.ts';

test('concurrent requests each get their own log lines', async () => {
  logLines.length = 0;
  const api = new OrdersApi(new OrderDb());
  const ids = await Promise.all([api.handle('r1', 'ann', ['tea']), api.handle('r2', 'bob', ['mug', 'pot'])]);
  assert.deepEqual(linesFor('r1'), ['placing 1 items for ann', `stored order ${ids[0]}`, `order ${ids[0]} placed`]);
  assert.deepEqual(linesFor('r2'), ['placing 2 items for bob', `stored order ${ids[1]}`, `order ${ids[1]} placed`]);
});

test('orders placed at once are stored for the right users', async () => {
  const db = new OrderDb();
  const api = new OrdersApi(db);
  const ids = await Promise.all(['ann', 'bob', 'cy'].map((u, i) => api.handle(`q${i}`, u, [u])));
  assert.deepEqual(ids.map((id) => db.orders.get(id)!.user), ['ann', 'bob', 'cy']);
});

test('no line of a busy minute is left without a request', async () => {
  logLines.length = 0;
  const api = new OrdersApi(new OrderDb());
  await Promise.all(Array.from({ length: 5 }, (_, i) => api.handle(`b${i}`, 'kim', ['x'])));
  assert.equal(logLines.length, 15);
  assert.equal(logLines.filter((l) => l.requestId === '-').length, 0);
  for (let i = 0; i < 5; i++) assert.equal(linesFor(`b${i}`).length, 3);
});
