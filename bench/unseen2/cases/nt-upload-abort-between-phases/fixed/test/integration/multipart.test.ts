import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ObjectStore } from '../../src/object-store.ts';
import { MultipartUpload } from '../../src/multipart.ts';

test('complete and abort at once: exactly one wins, and the store agrees', async () => {
  const store = new ObjectStore();
  const upload = new MultipartUpload('photos/raw.dng', store);
  upload.addPart(1, 'part-one;');
  upload.addPart(2, 'part-two;');
  const [completed, aborted] = await Promise.allSettled([upload.complete(), upload.abort()]);
  assert.equal([completed, aborted].filter((r) => r.status === 'fulfilled').length, 1);
  assert.equal(store.has('photos/raw.dng'), completed.status === 'fulfilled');
});

test('a user cancelling right after pressing upload leaves no object behind', async () => {
  const store = new ObjectStore();
  const upload = new MultipartUpload('docs/report.pdf', store);
  upload.addPart(1, '%PDF-1.7');
  const cancel = new Promise<void>((resolve, reject) => setTimeout(() => upload.abort().then(resolve, reject), 1));
  const [completed, aborted] = await Promise.allSettled([upload.complete(), cancel]);
  if (aborted.status === 'fulfilled') {
    assert.equal(completed.status, 'rejected');
    assert.equal(store.has('docs/report.pdf'), false);
  } else {
    assert.equal(completed.status, 'fulfilled');
    assert.equal(store.get('docs/report.pdf'), '%PDF-1.7');
  }
});

test('uploads of different keys complete side by side', async () => {
  const store = new ObjectStore();
  const uploads = ['a.txt', 'b.txt', 'c.txt'].map((key) => {
    const upload = new MultipartUpload(key, store);
    upload.addPart(1, key.toUpperCase());
    return upload;
  });
  await Promise.all(uploads.map((u) => u.complete()));
  assert.deepEqual(['a.txt', 'b.txt', 'c.txt'].map((k) => store.get(k)), ['A.TXT', 'B.TXT', 'C.TXT']);
});
