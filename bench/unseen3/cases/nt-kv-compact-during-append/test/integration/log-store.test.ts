import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogStore } from '../../src/log-store.ts';

const freshFile = async () => join(await mkdtemp(join(tmpdir(), 'logstore-')), 'data.log');

test('writes made while the log is compacted are kept', async () => {
  const file = await freshFile();
  const store = await LogStore.open(file);
  for (let i = 0; i < 20; i++) await store.set(`user:${i % 4}`, i);
  await Promise.all([store.compact(), store.set('session:a', 'open'), store.set('session:b', 'open')]);
  const again = await LogStore.open(file);
  assert.equal(again.get('session:a'), 'open');
  assert.equal(again.get('session:b'), 'open');
  assert.equal(again.get('user:3'), 19);
});

test('a delete made during compaction stays deleted', async () => {
  const file = await freshFile();
  const store = await LogStore.open(file);
  await store.set('cart:1', 3);
  await store.set('cart:2', 5);
  await Promise.all([store.compact(), store.delete('cart:1'), store.set('cart:3', 1)]);
  const again = await LogStore.open(file);
  assert.equal(again.get('cart:1'), undefined);
  assert.equal(again.get('cart:3'), 1);
});

test('many writers at once are all persisted', async () => {
  const file = await freshFile();
  const store = await LogStore.open(file);
  await Promise.all(Array.from({ length: 10 }, (_, i) => store.set(`k${i}`, i)));
  const again = await LogStore.open(file);
  assert.deepEqual(Array.from({ length: 10 }, (_, i) => again.get(`k${i}`)), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

test('the in-memory view is current during compaction', async () => {
  const file = await freshFile();
  const store = await LogStore.open(file);
  await store.set('x', 1);
  const [, seen] = await Promise.all([store.compact(), store.set('x', 2).then(() => store.get('x'))]);
  assert.equal(seen, 2);
});
