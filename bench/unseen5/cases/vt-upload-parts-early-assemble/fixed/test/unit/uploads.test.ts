import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { UploadClient, UploadService } from '../../src/uploads';
import { fileOf } from '../helpers';

describe('uploads', () => {
  it('a file sent as one part comes back byte for byte', async () => {
    const service = new UploadService();
    const body = fileOf(3000);
    const result = await new UploadClient(service, 'tok-ada').uploadFile(body, 8192, 1);
    expect(result.sha256).toBe(result.expected);
    expect(await readFile(result.path)).toEqual(body);
  });

  it('parts sent one after another are assembled in order', async () => {
    const service = new UploadService();
    const body = fileOf(5 * 4096 + 100);
    const result = await new UploadClient(service, 'tok-ada').uploadFile(body, 4096, 1);
    expect(result.bytes).toBe(body.length);
    expect(result.sha256).toBe(result.expected);
  });

  it('progress counts the parts received', async () => {
    const service = new UploadService();
    const { id, parts } = await service.begin('tok-bob', 3 * 1024, 1024);
    await service.putPart(id, 0, fileOf(1024));
    expect(service.store.progress(id)).toEqual({ received: 1, total: parts });
  });

  it('a part number outside the upload is refused', async () => {
    const service = new UploadService();
    const { id } = await service.begin('tok-bob', 2048, 1024);
    await expect(service.putPart(id, 2, fileOf(10))).rejects.toThrow('part 2 out of range');
  });

  it('finishing before every part is in is an error', async () => {
    const service = new UploadService();
    const { id } = await service.begin('tok-cy', 2048, 1024);
    await service.putPart(id, 1, fileOf(1024));
    await expect(service.finish(id)).rejects.toThrow('is missing parts');
  });

  it('an invalid session cannot start an upload', async () => {
    await expect(new UploadService().begin('bogus', 10, 10)).rejects.toThrow('invalid session');
  });
});
