import { DriveApi, normalise } from '../../src/drive';
import { ChainMutex, QuotaLedger } from '../../src/storage';

describe('drive', () => {
  test('an upload within the quota is stored and charged', async () => {
    const drive = new DriveApi({ ana: 1000 });
    const res = await drive.upload('ana', { name: 'Notes.txt', data: 'x'.repeat(300) });
    expect(res).toEqual({ status: 201, key: 'ana/notes.txt' });
    expect(drive.quota.usedBy('ana')).toBe(300);
    expect(drive.blobs.get('ana/notes.txt')).toHaveLength(300);
    expect(await drive.manifest('ana')).toEqual(['notes.txt']);
  });

  test('uploads one after another stop at the quota', async () => {
    const drive = new DriveApi({ ana: 1000 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await drive.upload('ana', { name: `f${i}`, data: 'y'.repeat(300) })).status);
    expect(statuses).toEqual([201, 201, 201, 413]);
    expect(drive.quota.usedBy('ana')).toBe(900);
    expect(drive.blobs.puts).toBe(3);
  });

  test('a user without a quota cannot upload', async () => {
    const drive = new DriveApi({});
    const res = await drive.upload('bob', { name: 'a', data: 'z' });
    expect(res.status).toBe(413);
    expect(res.error).toMatch(/bob has 0 bytes left, 1 needed/);
  });

  test('a failed store is not charged, a bad name is refused', async () => {
    const drive = new DriveApi({ ana: 1000 });
    expect((await drive.upload('ana', { name: 'corrupt.bin', data: 'q'.repeat(200) })).status).toBe(502);
    expect((await drive.upload('ana', { name: 'a/b', data: 'q' })).status).toBe(400);
    expect(drive.quota.usedBy('ana')).toBe(0);
    expect(await drive.manifest('ana')).toEqual([]);
  });

  test('names are normalised, the ledger refunds down to zero', () => {
    expect(normalise({ name: '  My Photo.JPG ', data: '' }).name).toBe('my-photo.jpg');
    const ledger = new QuotaLedger({ ana: 10 });
    ledger.charge('ana', 4);
    ledger.refund('ana', 9);
    expect(ledger.usedBy('ana')).toBe(0);
    expect(ledger.hasRoom('ana', 10)).toBe(true);
    expect(ledger.hasRoom('ana', 11)).toBe(false);
  });

  test('the chain mutex runs tasks in call order, past a failing one', async () => {
    const mutex = new ChainMutex();
    const order: string[] = [];
    const a = mutex.run(async () => { order.push('a'); });
    const b = mutex.run(async () => { throw new Error('b failed'); });
    const c = mutex.run(async () => { order.push('c'); return 3; });
    await a;
    await expect(b).rejects.toThrow('b failed');
    expect(await c).toBe(3);
    expect(order).toEqual(['a', 'c']);
  });
});
