import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyValueStore } from '../../src/kv-store.ts';
import { PageViews } from '../../src/page-views.ts';

// Three requests for the home page are served at the same time. Every view must be counted.
test('three views of one page recorded at the same time', async () => {
  const counter = new PageViews(new KeyValueStore());
  await counter.record('/home');
  const counts = await Promise.all([counter.record('/home'), counter.record('/home'), counter.record('/home')]);
  assert.deepEqual([...counts].sort(), [2, 3, 4], 'two requests saw the same count');
  assert.equal(await counter.count('/home'), 4, 'a view was lost');
});
