import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObjectStore } from '../../src/object-store.ts';
import { assemble, MultipartUpload } from '../../src/multipart.ts';

test('assemble orders the parts by number', () => {
  assert.equal(assemble(new Map([[2, 'world'], [1, 'hello '], [3, '!']])), 'hello world!');
});

test('a completed upload is published and can no longer be aborted', async () => {
  const store = new ObjectStore();
  const upload = new MultipartUpload('videos/intro.mp4', store);
  upload.addPart(2, 'BBB');
  upload.addPart(1, 'AAA');
  const etag = await upload.complete();
  assert.match(etag, /^[0-9a-f]{32}$/);
  assert.equal(store.get('videos/intro.mp4'), 'AAABBB');
  await assert.rejects(upload.abort(), /is completed/);
  assert.equal(upload.status, 'completed');
});

test('an aborted upload is discarded and cannot be completed', async () => {
  const store = new ObjectStore();
  const upload = new MultipartUpload('backups/db.tar', store);
  upload.addPart(1, 'xyz');
  await upload.abort();
  assert.deepEqual(store.discarded, ['backups/db.tar']);
  await assert.rejects(upload.complete(), /is aborted/);
  assert.throws(() => upload.addPart(2, 'late'), /is aborted/);
  assert.equal(store.has('backups/db.tar'), false);
});

test('an upload without parts cannot be completed', async () => {
  const upload = new MultipartUpload('empty', new ObjectStore());
  await assert.rejects(upload.complete(), /has no parts/);
});
