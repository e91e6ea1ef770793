import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Semaphore } from '../../src/semaphore.ts';
import { FakeBucket, UploadManager } from '../../src/upload-manager.ts';

const file = (i: number) => [`file-${i}.txt`, Buffer.from('x'.repeat(i + 1))] as const;

test('six uploads at once: two at a time, all stored', async () => {
  const bucket = new FakeBucket();
  const m = new UploadManager(bucket);
  const etags = await Promise.all(Array.from({ length: 6 }, (_, i) => m.upload(...file(i))));
  assert.equal(etags.length, 6);
  assert.equal(bucket.objects.size, 6);
  assert.equal(m.maxUploading, 2);
  assert.equal(m.slotsFree(), 2);
});

test('two slot holders meet inside: each waits for the other', async () => {
  const m = new UploadManager(new FakeBucket());
  let arrived = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const part = (n: number) =>
    m.inSlot(async () => {
      if (++arrived === 2) open();
      await gate;
      return n;
    });
  assert.deepEqual(await Promise.all([part(1), part(2)]), [1, 2]);
});

test('a third upload waits while two slow ones run', async () => {
  const m = new UploadManager(new FakeBucket(150));
  const all = Promise.all([m.upload(...file(1)), m.upload(...file(2)), m.upload(...file(3))]);
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(m.uploading, 2);
  assert.equal(m.queued(), 1);
  await all;
  assert.equal(m.queued(), 0);
});

test('failures among concurrent uploads give their permits back', async () => {
  const m = new UploadManager(new FakeBucket());
  const results = await Promise.allSettled(['a.bad', 'b.txt', 'c.bad', 'd.txt', 'e.txt'].map((k) => m.upload(k, Buffer.from(k))));
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  assert.equal(m.slotsFree(), 2);
  assert.ok(m.maxUploading <= 2);
});

test('waiters are served first come, first served', async () => {
  const s = new Semaphore(1);
  const order: number[] = [];
  await Promise.all(
    [1, 2, 3, 4].map((n) =>
      s.with(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5 - n));
        order.push(n);
      }),
    ),
  );
  assert.deepEqual(order, [1, 2, 3, 4]);
});
