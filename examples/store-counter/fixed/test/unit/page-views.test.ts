import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyValueStore } from '../../src/kv-store.ts';
import { PageViews } from '../../src/page-views.ts';

test('the store keeps, overwrites and deletes values', async () => {
  const store = new KeyValueStore();
  assert.equal(await store.get('a'), null);
  await store.set('a', '1');
  await store.set('b', '2');
  await store.set('a', '3');
  assert.equal(await store.get('a'), '3');
  assert.deepEqual(await store.keys(), ['a', 'b']);
  assert.equal(await store.delete('a'), true);
  assert.equal(await store.delete('a'), false);
  assert.deepEqual(await store.keys(), ['b']);
});

test('record counts the views of a page one after the other', async () => {
  for (const views of [1, 2, 5, 9]) {
    const counter = new PageViews(new KeyValueStore());
    for (let i = 1; i <= views; i++) assert.equal(await counter.record('/home'), i);
    assert.equal(await counter.count('/home'), views);
  }
});

test('pages are counted separately and listed most viewed first', async () => {
  const counter = new PageViews(new KeyValueStore());
  for (const page of ['/home', '/about', '/home', '/pricing', '/home', '/pricing']) await counter.record(page);
  assert.deepEqual(await counter.top(), [
    ['/home', 3],
    ['/pricing', 2],
    ['/about', 1],
  ]);
});

test('reset starts a page from zero', async () => {
  const counter = new PageViews(new KeyValueStore());
  await counter.record('/docs');
  await counter.record('/docs');
  await counter.reset('/docs');
  assert.equal(await counter.count('/docs'), 0);
  assert.equal(await counter.record('/docs'), 1);
});
