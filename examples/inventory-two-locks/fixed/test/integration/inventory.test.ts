import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Inventory, QueuedConfirmations } from '../../src/inventory.ts';

// The stock count starts when its own request arrives, 20 ms later (a timer): by then the 10 ms
// confirmation has arrived, so a plain run passes; a confirmation slower than that lets the count
// run between the reservation's two lock regions.
const input = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

// Reserving never changes the warehouse's stock: a stock count taken meanwhile must say 10.
test('the stock count during a reservation is the whole stock', async () => {
  const item = new Inventory('bolt', 10, new QueuedConfirmations());
  const [, total] = await Promise.all([item.reserve(3), (async () => { await input(); return item.total(); })()]);
  assert.equal(total, 10, `the stock count saw ${total} units: the reservation was half done`);
  assert.equal(await item.total(), 10);
  assert.equal(await item.available(), 7);
});
