import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promisify } from 'node:util';
import backends from '../../src/backends.cjs';
import queueModule from '../../src/upload-queue.cjs';

const { BlobStore, BlobIndex } = backends;
const { UploadQueue, thumbnailName } = queueModule;

test('thumbnail names replace the extension', () => {
  assert.equal(thumbnailName('cat.png'), 'cat.thumb.jpg');
  assert.equal(thumbnailName('README'), 'README.thumb.jpg');
  assert.equal(thumbnailName('.hidden'), '.hidden.thumb.jpg');
});

test('an upload is stored and indexed under its etag', async () => {
  const store = new BlobStore();
  const index = new BlobIndex();
  const queue = new UploadQueue(store, index);
  const upload = promisify(queue.upload.bind(queue));
  const etag = await upload('cat.png', 'meow');
  assert.equal(store.blobs.get('cat.png'), 'meow');
  assert.equal(index.entries.get('cat.png').etag, etag);
  assert.equal(queue.completed, 1);
  assert.equal(queue.active, 0);
});

test('a failed store is reported and does not keep the queue busy', async () => {
  const queue = new UploadQueue(new BlobStore(), new BlobIndex());
  await assert.rejects(promisify(queue.upload.bind(queue))('', 'x'), /empty blob name/);
  await promisify(queue.whenIdle.bind(queue))();
  assert.equal(queue.active, 0);
});

test('an idle queue calls back on the next tick', async () => {
  const queue = new UploadQueue(new BlobStore(), new BlobIndex());
  let called = false;
  queue.whenIdle(() => (called = true));
  assert.equal(called, false);
  await new Promise((resolve) => process.nextTick(resolve));
  assert.equal(called, true);
});
