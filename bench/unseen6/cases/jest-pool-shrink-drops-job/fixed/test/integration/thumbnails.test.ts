import { createPool } from '../../src/pool';
import { ThumbnailService, ThumbStorage } from '../../src/thumbnails';
import { ImageWorker, type ResizeJob } from '../../src/worker';

function setup(workers: number) {
  const pool = createPool<ResizeJob, string>(() => new ImageWorker(), workers);
  const storage = new ThumbStorage();
  return { pool, storage, thumbs: new ThumbnailService(pool, storage) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const later = <T>(ms: number, fn: () => Promise<T>) => sleep(ms).then(fn);

function failures(results: PromiseSettledResult<unknown>[]): string[] {
  return results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => String(r.reason));
}

describe('thumbnails under load', () => {
  test('a burst of uploads on a fixed pool: all stored, at most two uploads at a time', async () => {
    const { thumbs, storage } = setup(3);
    const ids = Array.from({ length: 12 }, (_, i) => `img${i}`);
    await Promise.all(ids.map((id) => thumbs.makeThumbnail(id)));
    expect(storage.objects.size).toBe(12);
    expect(storage.maxActive).toBeLessThanOrEqual(2);
  });

  test('growing the pool during a burst', async () => {
    const { thumbs, storage, pool } = setup(2);
    const uploads = Array.from({ length: 10 }, (_, i) => later(i % 4, () => thumbs.makeThumbnail(`img${i}`)));
    await later(2, () => thumbs.setCapacity(5));
    await Promise.all(uploads);
    expect(storage.objects.size).toBe(10);
    expect(pool.size).toBe(5);
  });

  test('scaling down while uploads keep arriving loses no thumbnail', async () => {
    const { thumbs, storage, pool } = setup(4);
    const uploads = Array.from({ length: 8 }, (_, i) => later(Math.floor(Math.random() * 8), () => thumbs.makeThumbnail(`img${i}`)));
    const scaleDown = later(2, () => thumbs.setCapacity(1));
    const results = await Promise.allSettled([...uploads, scaleDown]);
    expect(failures(results)).toEqual([]);
    expect(storage.objects.size).toBe(8);
    expect(pool.size).toBe(1);
  });

  test('shrinking an idle pool and then sending a burst', async () => {
    const { thumbs, storage, pool } = setup(4);
    await thumbs.setCapacity(2);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => thumbs.makeThumbnail(id)));
    expect(storage.objects.size).toBe(5);
    expect(pool.stats.retired).toBe(2);
  });
});
