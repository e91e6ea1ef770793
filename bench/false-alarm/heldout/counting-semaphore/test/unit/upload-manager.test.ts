import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Semaphore } from '../../src/semaphore.ts';
import { FakeBucket, UploadManager } from '../../src/upload-manager.ts';

test('upload stores the object', async () => {
  const bucket = new FakeBucket();
  const m = new UploadManager(bucket);
  assert.equal(await m.upload('a.txt', Buffer.from('abc')), 'etag-a.txt-3');
  assert.equal(bucket.objects.get('a.txt'), 3);
  assert.equal(m.slotsFree(), 2);
});

test('a failed upload returns its slot', async () => {
  const m = new UploadManager(new FakeBucket());
  await assert.rejects(m.upload('x.bad', Buffer.from('x')), /failed/);
  assert.equal(m.slotsFree(), 2);
});

test('release twice gives back one permit', async () => {
  const s = new Semaphore(1);
  const release = await s.acquire();
  release();
  release();
  assert.equal(s.available(), 1);
});
