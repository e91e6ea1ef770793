import { createPool } from '../../src/pool';
import { ThumbnailService, ThumbStorage } from '../../src/thumbnails';
import { ImageWorker, type ResizeJob } from '../../src/worker';

function setup(workers: number) {
  const pool = createPool<ResizeJob, string>(() => new ImageWorker(), workers);
  const storage = new ThumbStorage();
  return { pool, storage, thumbs: new ThumbnailService(pool, storage) };
}

describe('thumbnails', () => {
  test('makes a thumbnail and stores it', async () => {
    const { thumbs, storage } = setup(2);
    expect(await thumbs.makeThumbnail('cat', 200)).toBe('thumbs/cat-200.jpg');
    expect(storage.objects.get('thumbs/cat-200.jpg')).toBe('thumb:cat@200');
  });

  test('refuses an unsupported width', async () => {
    const { thumbs, pool } = setup(1);
    await expect(thumbs.makeThumbnail('cat', 4000)).rejects.toThrow(/unsupported width 4000/);
    expect(pool.stats.completed).toBe(0);
  });

  test('jobs one after another on a single worker', async () => {
    const { thumbs, pool } = setup(1);
    for (const id of ['a', 'b', 'c']) await thumbs.makeThumbnail(id);
    expect(pool.stats.completed).toBe(3);
    expect(pool.stats.started).toBe(1);
  });

  test('growing the pool starts workers', async () => {
    const { thumbs, pool } = setup(1);
    await thumbs.setCapacity(4);
    expect(pool.size).toBe(4);
    expect(pool.stats.started).toBe(4);
  });

  test('shrinking an idle pool retires workers, and jobs still run afterwards', async () => {
    const { thumbs, pool, storage } = setup(4);
    await thumbs.setCapacity(2);
    expect(pool.size).toBe(2);
    expect(pool.stats.retired).toBe(2);
    await thumbs.makeThumbnail('dog');
    await thumbs.makeThumbnail('fox');
    expect(storage.objects.size).toBe(2);
  });

  test('the pool never shrinks below one worker', async () => {
    const { thumbs, pool } = setup(3);
    await thumbs.setCapacity(0);
    expect(pool.size).toBe(1);
    expect(await thumbs.makeThumbnail('owl')).toBe('thumbs/owl-160.jpg');
  });
});
