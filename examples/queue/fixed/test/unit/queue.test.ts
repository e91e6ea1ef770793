import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Queue } from '../../src/queue.ts';

test('a new queue is empty', async () => {
  const tc = new Queue();
  assert.equal(await tc.size(), 0);
  assert.equal(await tc.getqueuetop(), null);
  assert.equal(await tc.pop(), null);
  assert.equal(await tc.size(), 0);
});

test('push grows the queue and getqueuetop shows the last item pushed', async () => {
  for (const items of [[1], [1, 2], [5, 3, 8], [10, 20, 30, 40], [-4, 0, 4, 7, 9, 11]]) {
    const tc = new Queue();
    for (let i = 0; i < items.length; i++) {
      await tc.push(items[i]);
      assert.equal(await tc.size(), i + 1);
      assert.equal(await tc.getqueuetop(), items[i]);
    }
  }
});

test('pop returns the items last-in first-out and then null', async () => {
  for (const items of [[1], [2, 7], [3, 1, 4, 1, 5], [9, 8, 7, 6, 5, 4, 3]]) {
    const tc = new Queue();
    for (const item of items) await tc.push(item);
    for (let i = items.length - 1; i >= 0; i--) {
      assert.equal(await tc.getqueuetop(), items[i]);
      assert.equal(await tc.pop(), items[i]);
      assert.equal(await tc.size(), i);
    }
    assert.equal(await tc.getqueuetop(), null);
    assert.equal(await tc.pop(), null);
    assert.equal(await tc.size(), 0);
  }
});

test('getqueuetop does not remove the item', async () => {
  for (const item of [1, 42, -3, 100]) {
    const tc = new Queue();
    await tc.push(item);
    assert.equal(await tc.getqueuetop(), item);
    assert.equal(await tc.getqueuetop(), item);
    assert.equal(await tc.size(), 1);
  }
});

test('pushes and pops mixed', async () => {
  const tc = new Queue();
  await tc.push(1);
  await tc.push(2);
  assert.equal(await tc.pop(), 2);
  await tc.push(3);
  assert.equal(await tc.getqueuetop(), 3);
  assert.equal(await tc.size(), 2);
  assert.equal(await tc.pop(), 3);
  assert.equal(await tc.pop(), 1);
  assert.equal(await tc.pop(), null);
  await tc.push(4);
  assert.equal(await tc.getqueuetop(), 4);
  assert.equal(await tc.size(), 1);
});

test('Figure 3 run serially: push(1), pop(), getqueuetop()', async () => {
  const tc = new Queue();
  await tc.push(1);
  assert.equal(await tc.pop(), 1);
  assert.equal(await tc.getqueuetop(), null);
});
