import { describe, expect, it } from 'vitest';
import { UploadClient, UploadService } from '../../src/uploads';
import { fileOf } from '../helpers';

describe('parallel part uploads', () => {
  it('files sent over three connections each assemble to the original', async () => {
    const service = new UploadService();
    const bodies = [fileOf(6 * 256 * 1024), fileOf(6 * 256 * 1024 - 100)];
    const results = await Promise.all(bodies.map((body) => new UploadClient(service, 'tok-ada', 1).uploadFile(body, 256 * 1024, 3)));
    expect(results.map((r) => r.bytes)).toEqual(bodies.map((b) => b.length));
    expect(results.map((r) => r.sha256 === r.expected)).toEqual([true, true]);
  });

  it('two users uploading one part at a time both get their files', async () => {
    const service = new UploadService();
    const [a, b] = [fileOf(3 * 4096), fileOf(4 * 4096)];
    const results = await Promise.all([
      new UploadClient(service, 'tok-ada').uploadFile(a, 4096, 1),
      new UploadClient(service, 'tok-bob').uploadFile(b, 4096, 1),
    ]);
    expect(results.map((r) => r.sha256 === r.expected)).toEqual([true, true]);
    expect(results.map((r) => r.bytes)).toEqual([a.length, b.length]);
  });

});
