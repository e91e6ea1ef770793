import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode, LogStore, replay } from '../../src/log-store.ts';

const freshFile = async () => join(await mkdtemp(join(tmpdir(), 'logstore-')), 'data.log');

test('replay keeps the last value of each key', () => {
  const text = encode('a', 1) + encode('b', 'x') + encode('a', 2) + encode('b', undefined);
  assert.deepEqual([...replay(text)], [['a', 2]]);
});

test('values survive a reopen', async () => {
  const file = await freshFile();
  const store = await LogStore.open(file);
  await store.set('theme', 'dark');
  await store.set('volume', 7);
  await store.delete('theme');
  const again = await LogStore.open(file);
  assert.equal(again.get('theme'), undefined);
  assert.equal(again.get('volume'), 7);
});

test('compaction leaves one line per live key', async () => {
  const file = await freshFile();
  const store = await LogStore.open(file);
  for (let i = 0; i < 5; i++) await store.set('counter', i);
  await store.set('name', 'kv');
  assert.equal(await store.compact(), 2);
  assert.equal((await readFile(file, 'utf8')).trim().split('\n').length, 2);
  assert.equal((await LogStore.open(file)).get('counter'), 4);
});

test('writes after a compaction are appended', async () => {
  const file = await freshFile();
  const store = await LogStore.open(file);
  await store.set('a', true);
  await store.compact();
  await store.set('b', false);
  const again = await LogStore.open(file);
  assert.equal(again.get('a'), true);
  assert.equal(again.get('b'), false);
});
