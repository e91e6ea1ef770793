import { describe, expect, it } from 'vitest';
import { createImageHandler, ImageService, OriginBucket } from '../../src/images';

/** 160 × 160 pixels decode to 100 KiB. */
function setup(budgetKiB: number) {
  const origin = new OriginBucket();
  for (const id of ['a', 'b', 'c', 'd', 'e']) origin.add(id, 160, 160);
  origin.add('wide', 320, 160);
  const service = new ImageService(origin, budgetKiB);
  return { origin, service, handle: createImageHandler(service) };
}

describe('image service, one request at a time', () => {
  it('a miss fetches from the origin and the next request is a hit', async () => {
    const { origin, handle } = setup(500);
    expect(await handle('/img/a')).toEqual({ status: 200, body: 'a:160x160' });
    expect(await handle('/img/a')).toEqual({ status: 200, body: 'a:160x160' });
    expect(origin.fetches.get('a')).toBe(1);
  });

  it('unknown images and bad paths are refused', async () => {
    const { handle } = setup(500);
    expect(await handle('/img/zebra')).toEqual({ status: 404, body: 'not found' });
    expect(await handle('/img/../etc')).toEqual({ status: 400, body: 'bad path' });
  });

  it('past the budget the least recently used image is evicted', async () => {
    const { service, handle } = setup(300);
    for (const id of ['a', 'b', 'c']) await handle(`/img/${id}`);
    await handle('/img/a');
    await handle('/img/d');
    expect(service.evicted).toEqual(['b']);
    expect(service.cache.keys()).toEqual(['c', 'a', 'd']);
  });

  it('the bytes used match the images held and stay within the budget', async () => {
    const { service, handle } = setup(400);
    for (const id of ['a', 'wide', 'b', 'c', 'a', 'd']) await handle(`/img/${id}`);
    expect(service.cache.used).toBe(service.cache.accounted);
    expect(service.cache.used).toBeLessThanOrEqual(400);
  });

  it('a purged image is fetched again', async () => {
    const { origin, service, handle } = setup(500);
    await handle('/img/e');
    service.purge('e');
    await handle('/img/e');
    expect(origin.fetches.get('e')).toBe(2);
    expect(service.cache.used).toBe(100);
  });
});
