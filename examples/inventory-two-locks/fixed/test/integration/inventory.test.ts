import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Inventory, QueuedConfirmations } from '../../src/inventory.ts';

// Reserving never changes the warehouse's stock: a stock count taken meanwhile must say 10.
test('the stock count during a reservation is the whole stock', async () => {
  const item = new Inventory('bolt', 10, new QueuedConfirmations());
  const [, total] = await Promise.all([item.reserve(3), item.total()]);
  assert.equal(total, 10, `the stock count saw ${total} units: the reservation was half done`);
  assert.equal(await item.total(), 10);
  assert.equal(await item.available(), 7);
});
