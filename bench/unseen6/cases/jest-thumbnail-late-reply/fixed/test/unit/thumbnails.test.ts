import { RenderPool } from '../../src/pool';
import { createListHandler, ThumbnailService } from '../../src/thumbnails';

const options = { timeoutMs: 1000, widths: [160, 320] };
const setup = (size = 2) => {
  const pool = new RenderPool(size);
  const service = new ThumbnailService(pool, options);
  return { pool, service, handle: createListHandler(service) };
};

describe('thumbnails', () => {
  it('renders a document at the asked width', async () => {
    const { service } = setup();
    expect(await service.thumbnail('invoice-7', 320)).toEqual({ docId: 'invoice-7', width: 320, image: 'thumb(invoice-7@320)', placeholder: false });
  });

  it('serves the second request from the cache', async () => {
    const { service, pool } = setup();
    await service.thumbnail('memo-1', 160);
    await service.thumbnail('memo-1', 160);
    expect(service.renders).toBe(1);
    expect(pool.workers.reduce((n, w) => n + w.rendered, 0)).toBe(1);
  });

  it('refuses a width the list page does not use', async () => {
    const { service, handle } = setup();
    await expect(service.thumbnail('memo-1', 999)).rejects.toThrow(/unsupported width/);
    expect(await handle({ docIds: ['memo-1'], width: 999 })).toEqual({ status: 422, items: [] });
  });

  it('an empty list is a bad request', async () => {
    const { handle } = setup();
    expect(await handle({ docIds: [] })).toEqual({ status: 400, items: [] });
  });

  it('a render that takes too long gives a placeholder, and is not cached', async () => {
    const pool = new RenderPool(1);
    const service = new ThumbnailService(pool, { timeoutMs: 5, widths: [160] });
    expect(await service.thumbnail('scan-old-contract', 160)).toMatchObject({ placeholder: true, image: 'placeholder@160' });
    expect(pool.timeouts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const again = new ThumbnailService(new RenderPool(1), { timeoutMs: 100, widths: [160] });
    expect(await again.thumbnail('scan-old-contract', 160)).toMatchObject({ placeholder: false });
  });

  it('a list in order, one worker', async () => {
    const { handle } = setup(1);
    const res = await handle({ docIds: ['a', 'b', 'c'] });
    expect(res.items.map((t) => t.image)).toEqual(['thumb(a@160)', 'thumb(b@160)', 'thumb(c@160)']);
  });
});
