import { test } from 'node:test';
import assert from 'node:assert/strict';
import store from '../../src/store.cjs';

test('the app starts serving while the store is still connecting', async () => {
  const started = store.connect('mem://app');
  const handled = Promise.resolve().then(() => Promise.all([store.insert('visits', { path: '/' }), store.insert('visits', { path: '/about' })]));
  const [url, changes] = await Promise.all([started, handled]);
  assert.equal(url, 'mem://app');
  assert.deepEqual(changes, [1, 1]);
  assert.equal((await store.all('visits')).length, 2);
  await store.disconnect();
});
