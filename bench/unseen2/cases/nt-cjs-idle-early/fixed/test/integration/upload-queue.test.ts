import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promisify } from 'node:util';
import backends from '../../src/backends.cjs';
import queueModule from '../../src/upload-queue.cjs';

const { BlobStore, BlobIndex } = backends;
const { UploadQueue } = queueModule;

function idle(queue: InstanceType<typeof UploadQueue>): Promise<void> {
  return promisify(queue.whenIdle.bind(queue))();
}

test('a batch import waits for idle, then every photo is in the index', async () => {
  const index = new BlobIndex();
  const queue = new UploadQueue(new BlobStore(), index);
  for (const [name, data] of [['a.png', 'aaaaaaa'], ['b.png', 'bb'], ['c.png', 'cccc']]) queue.upload(name, data, () => {});
  await idle(queue);
  assert.deepEqual([...index.entries.keys()].sort(), ['a.png', 'b.png', 'c.png']);
  assert.equal(queue.completed, 3);
});

test('shutdown after concurrent uploads loses no index entry', async () => {
  const index = new BlobIndex();
  const queue = new UploadQueue(new BlobStore(), index);
  const uploads = ['x.jpg', 'y.jpg'].map((name) => promisify(queue.upload.bind(queue))(name, name.repeat(3)));
  await idle(queue);
  const indexedAtIdle = index.entries.size;
  await Promise.all(uploads);
  assert.equal(indexedAtIdle, 2, 'idle came before every upload was indexed');
});

test('uploads of one album run concurrently and all finish', async () => {
  const store = new BlobStore();
  const index = new BlobIndex();
  const queue = new UploadQueue(store, index);
  const names = ['1.png', '2.png', '3.png', '4.png'];
  const etags = await Promise.all(names.map((n) => promisify(queue.upload.bind(queue))(n, `photo ${n}`)));
  assert.equal(new Set(etags).size, 4);
  assert.equal(store.blobs.size, 4);
  assert.equal(index.entries.size, 4);
});
