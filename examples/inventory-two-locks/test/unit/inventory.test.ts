import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Inventory, QueuedConfirmations } from '../../src/inventory.ts';

test('a new item has all its stock on the shelf', async () => {
  const item = new Inventory('bolt', 10, new QueuedConfirmations());
  assert.equal(await item.available(), 10);
  assert.equal(await item.total(), 10);
});

test('reserve moves units from the shelf to the reservations', async () => {
  const confirmations = new QueuedConfirmations();
  const item = new Inventory('bolt', 10, confirmations);
  await item.reserve(3);
  assert.equal(await item.available(), 7);
  assert.equal(await item.total(), 10);
  await item.reserve(7);
  assert.equal(await item.available(), 0);
  assert.equal(await item.total(), 10);
  assert.deepEqual(confirmations.confirmed, ['bolt x3', 'bolt x7']);
});

test('reserving more than the shelf holds fails and changes nothing', async () => {
  const item = new Inventory('nut', 2, new QueuedConfirmations());
  await assert.rejects(item.reserve(3), /only 2 of nut left/);
  assert.equal(await item.available(), 2);
  assert.equal(await item.total(), 2);
});
