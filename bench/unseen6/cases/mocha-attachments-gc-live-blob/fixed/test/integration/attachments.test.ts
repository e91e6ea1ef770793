import assert from 'node:assert/strict';
import { AttachmentService, createMaintenance } from '../../src/attachments.ts';
import { AttachmentTable, BlobStore } from '../../src/blobs.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const rand = (max: number) => Math.floor(Math.random() * (max + 1));

describe('attachments while the maintenance job runs', () => {
  let blobs: BlobStore;
  let service: AttachmentService;
  beforeEach(async () => {
    blobs = await BlobStore.open();
    service = new AttachmentService(blobs, new AttachmentTable());
  });
  afterEach(() => blobs.destroy());

  it('attachments uploaded while the collector runs can all be downloaded', async () => {
    const job = createMaintenance(service);
    await service.upload('doc-0', 'stale.txt', 'removed long ago');
    await service.remove('doc-0', 'stale.txt');
    const files = Array.from({ length: 6 }, (_, i) => ({ docId: `doc-${i + 1}`, name: `scan-${i}.png`, content: `image bytes ${i}` }));
    await Promise.all([
      ...files.map(async (f) => {
        await sleep(rand(6));
        await service.upload(f.docId, f.name, f.content);
      }),
      (async () => {
        await sleep(rand(3));
        await job.run();
      })(),
    ]);
    const downloads = await Promise.allSettled(files.map((f) => service.download(f.docId, f.name)));
    assert.deepEqual(
      downloads.map((d) => (d.status === 'fulfilled' ? d.value : 'missing blob')),
      files.map((f) => f.content),
    );
  });

  it('concurrent uploads of one file share one blob', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => service.upload(`doc-${i}`, 'logo.svg', '<svg/>')));
    assert.equal((await blobs.list()).length, 1);
    for (let i = 0; i < 8; i++) assert.equal(await service.download(`doc-${i}`, 'logo.svg'), '<svg/>');
  });

  it('a collector run after concurrent removals frees exactly the orphaned blobs', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((n) => service.upload('doc-9', `${n}.txt`, `content ${n}`)));
    await Promise.all([service.remove('doc-9', 'a.txt'), service.remove('doc-9', 'c.txt')]);
    const report = await createMaintenance(service).run();
    assert.equal(report.removed.length, 2);
    assert.deepEqual(await Promise.all(['b', 'd'].map((n) => service.download('doc-9', `${n}.txt`))), ['content b', 'content d']);
  });

  it('many documents uploading at once', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => service.upload(`doc-${i % 4}`, `page-${i}.txt`, `page ${i}`)));
    assert.equal((await blobs.list()).length, 12);
  });
});
