import { DriveApi } from '../../src/drive';

const file = (name: string, bytes: number) => ({ name, data: 'x'.repeat(bytes) });

describe('drive under concurrent uploads', () => {
  test('a burst of uploads never goes over the quota', async () => {
    const drive = new DriveApi({ ana: 1000 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => drive.upload('ana', file(`photo-${i}.jpg`, 300))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 413)).toHaveLength(2);
    expect(drive.quota.usedBy('ana')).toBeLessThanOrEqual(1000);
  });

  test('two users uploading at once are charged separately', async () => {
    const drive = new DriveApi({ ana: 1000, bob: 1000 });
    const results = await Promise.all([
      drive.upload('ana', file('a1', 400)),
      drive.upload('bob', file('b1', 400)),
      drive.upload('ana', file('a2', 400)),
      drive.upload('bob', file('b2', 500)),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(drive.quota.usedBy('ana')).toBe(800);
    expect(drive.quota.usedBy('bob')).toBe(900);
  });

  test('concurrent uploads all appear in the manifest', async () => {
    const drive = new DriveApi({ ana: 10_000 });
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    await Promise.all(names.map((n) => drive.upload('ana', file(n, 100))));
    expect((await drive.manifest('ana')).sort()).toEqual(names);
    expect(drive.blobs.count).toBe(6);
  });

  test('a failing upload among good ones is not charged', async () => {
    const drive = new DriveApi({ ana: 1000 });
    const results = await Promise.all([
      drive.upload('ana', file('good-1', 200)),
      drive.upload('ana', file('corrupt-2', 200)),
      drive.upload('ana', file('good-3', 200)),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 502, 201]);
    expect(drive.quota.usedBy('ana')).toBe(400);
  });
});
