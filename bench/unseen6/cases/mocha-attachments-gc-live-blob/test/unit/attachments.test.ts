import assert from 'node:assert/strict';
import { AttachmentService, createMaintenance } from '../../src/attachments.ts';
import { AttachmentTable, BlobStore, hashOf } from '../../src/blobs.ts';

describe('attachments', () => {
  let blobs: BlobStore;
  let service: AttachmentService;
  beforeEach(async () => {
    blobs = await BlobStore.open();
    service = new AttachmentService(blobs, new AttachmentTable());
  });
  afterEach(() => blobs.destroy());

  it('an uploaded attachment downloads with its content', async () => {
    const hash = await service.upload('doc-1', 'contract.pdf', 'PDF-1.7 contract');
    assert.equal(hash, hashOf('PDF-1.7 contract'));
    assert.equal(await service.download('doc-1', 'contract.pdf'), 'PDF-1.7 contract');
  });

  it('two attachments with the same content share one blob', async () => {
    await service.upload('doc-1', 'a.txt', 'same');
    await service.upload('doc-2', 'b.txt', 'same');
    assert.equal(blobs.writes, 1);
    assert.equal((await blobs.list()).length, 1);
  });

  it('refuses a name with a path in it', async () => {
    await assert.rejects(service.upload('doc-1', '../etc/passwd', 'x'), /bad attachment name/);
  });

  it('the collector frees the blob of a removed attachment and keeps shared ones', async () => {
    await service.upload('doc-1', 'old.txt', 'old draft');
    await service.upload('doc-1', 'shared.txt', 'shared');
    await service.upload('doc-2', 'shared.txt', 'shared');
    await service.remove('doc-1', 'old.txt');
    await service.remove('doc-1', 'shared.txt');
    const report = await service.collectGarbage();
    assert.deepEqual(report.removed, [hashOf('old draft')]);
    assert.equal(await service.download('doc-2', 'shared.txt'), 'shared');
  });

  it('the maintenance job logs each run', async () => {
    const job = createMaintenance(service, () => 42);
    await service.upload('doc-3', 'x.txt', 'x');
    await service.remove('doc-3', 'x.txt');
    await job.run();
    await job.run();
    assert.equal(job.runs, 2);
    assert.deepEqual(job.log, [
      { at: 42, task: 'blob-gc', detail: '1 of 1 removed' },
      { at: 42, task: 'blob-gc', detail: '0 of 0 removed' },
    ]);
  });
});
