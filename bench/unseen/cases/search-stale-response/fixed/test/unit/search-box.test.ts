import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { SearchBackend } from '../../src/backend.ts';
import { normalizeQuery, rank, SearchBox } from '../../src/search-box.ts';

test('normalize and rank', () => {
  assert.equal(normalizeQuery('  GRa '), 'gra');
  assert.deepEqual(rank(['grapefruit', 'grape', 'apple'], 'grape'), ['grape', 'grapefruit']);
});

test('a query shows its results', async () => {
  const box = new SearchBox(new SearchBackend());
  await box.runQuery('bl');
  assert.deepEqual(box.results, ['blueberry', 'blackberry']);
  assert.equal(box.shownFor, 'bl');
  await box.runQuery('   ');
  assert.deepEqual(box.results, []);
});

test('typing is debounced', async () => {
  const backend = new SearchBackend();
  const box = new SearchBox(backend, 5);
  box.type('c');
  box.type('ch');
  await sleep(40);
  assert.deepEqual(backend.calls, ['ch']);
  assert.deepEqual(box.results, ['cherry']);
});
