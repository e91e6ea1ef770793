import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Journal, SnapshotSource } from '../../src/sources.ts';
import { IndexCache, indexRows } from '../../src/index-cache.ts';

const ROWS = [{ key: 'NL', value: 'Netherlands' }, { key: 'fr', value: 'France' }];

test('indexRows lower-cases keys', () => {
  assert.deepEqual([...indexRows(ROWS)], [['nl', 'Netherlands'], ['fr', 'France']]);
});

test('lookups after load, and a lookup that waits for load', async () => {
  const journal = new Journal();
  const cache = new IndexCache(new SnapshotSource(ROWS), journal);
  const early = cache.lookup('nl');
  await cache.load();
  assert.equal(await early, 'Netherlands');
  assert.equal(await cache.lookup('FR'), 'France');
  assert.equal(await cache.lookup('de'), undefined);
  assert.equal(cache.size, 2);
  assert.deepEqual(journal.entries, ['loaded 2 rows']);
});
