import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObjectStore } from '../../src/object-store.ts';
import { Uploader } from '../../src/uploader.ts';

const file = (key: string, text = `contents of ${key}`) => ({ key, body: Buffer.from(text) });

test('a single upload', async () => {
  const store = new ObjectStore();
  const r = await new Uploader(store).uploadAll([file('a.png', 'xyz')]);
  assert.deepEqual(r, { etags: ['etag-a.png-3'], failed: {}, progress: [1] });
  assert.equal(store.objects.get('a.png')?.toString(), 'xyz');
});

test('an empty body is reported as a failure', async () => {
  const r = await new Uploader(new ObjectStore()).uploadAll([file('empty.txt', '')]);
  assert.deepEqual(r.etags, [undefined]);
  assert.deepEqual(r.failed, { 'empty.txt': 'empty body for empty.txt' });
});

test('nothing to upload', async () => {
  assert.deepEqual(await new Uploader(new ObjectStore()).uploadAll([]), { etags: [], failed: {}, progress: [] });
});
