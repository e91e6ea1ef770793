import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObjectStore } from '../../src/object-store.ts';
import { Uploader } from '../../src/uploader.ts';

const file = (key: string, ms: number, text = `contents of ${key}`) => ({ key, body: Buffer.from(text), ms });

test('eight uploads, two at a time; the etags line up with the inputs', async () => {
  const store = new ObjectStore();
  const uploads = [9, 1, 6, 2, 5, 3, 4, 1].map((ms, i) => file(`img-${i}.png`, ms));
  const r = await new Uploader(store, 2).uploadAll(uploads);
  assert.deepEqual(r.etags, uploads.map((u) => `etag-${u.key}-${u.body.length}`));
  assert.equal(store.maxInFlight, 2);
  assert.equal(store.inFlight, 0);
  assert.deepEqual(r.progress, [1, 2, 3, 4, 5, 6, 7, 8]);
});

test('failures stay with their own items; the rest are uploaded', async () => {
  const store = new ObjectStore();
  const uploads = [file('a', 3), file('b', 1, ''), file('c', 2), file('d', 1, ''), file('e', 2)];
  const r = await new Uploader(store, 2).uploadAll(uploads);
  assert.deepEqual(r.etags.map((e) => e !== undefined), [true, false, true, false, true]);
  assert.deepEqual(r.failed, { b: 'empty body for b', d: 'empty body for d' });
  assert.deepEqual([...store.objects.keys()].sort(), ['a', 'c', 'e']);
});

test('two uploaders on one store at once: the same key is stored once, the other upload fails', async () => {
  const store = new ObjectStore();
  const [left, right] = await Promise.all([
    new Uploader(store, 2).uploadAll([file('shared', 2, 'left'), file('l-only', 1)]),
    new Uploader(store, 2).uploadAll([file('shared', 40, 'right'), file('r-only', 1)]),
  ]);
  assert.equal(store.objects.get('shared')?.toString(), 'left', 'the faster PUT of "shared" lands first');
  assert.deepEqual(Object.keys(left.failed), []);
  assert.deepEqual(right.failed, { shared: 'shared already exists' });
  assert.ok(store.maxInFlight <= 4);
});

test('concurrency 3 has three PUTs in flight together', async () => {
  const store = new ObjectStore();
  const r = await new Uploader(store, 3).uploadAll(Array.from({ length: 7 }, (_, i) => file(`f${i}`, 10)));
  assert.equal(store.maxInFlight, 3);
  assert.equal(r.etags.filter(Boolean).length, 7);
});
