import { describe, expect, it } from 'vitest';
import { createImageHandler, ImageService, OriginBucket } from '../../src/images';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (max: number) => Math.floor(Math.random() * (max + 1));

function setup(budgetKiB: number) {
  const origin = new OriginBucket();
  for (let i = 1; i <= 8; i++) origin.add(`n${i}`, 160, 160);
  for (const id of ['h1', 'h2', 'h3']) origin.add(id, 160, 160);
  const service = new ImageService(origin, budgetKiB);
  return { origin, service, handle: createImageHandler(service) };
}

describe('image service under concurrent requests', () => {
  it('a burst of new images among hot ones keeps the budget accounted', async () => {
    const { service, handle } = setup(300);
    for (const id of ['h1', 'h2', 'h3']) await handle(`/img/${id}`);
    const fresh = ['n1', 'n2', 'n3', 'n4', 'n5'].map(async (id) => {
      await pause(jitter(30));
      return handle(`/img/${id}`);
    });
    const hot = Array.from({ length: 40 }, async (_, i) => {
      await pause(jitter(60));
      return handle(`/img/h${(i % 3) + 1}`);
    });
    const replies = await Promise.all([...fresh, ...hot]);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(service.cache.used).toBe(service.cache.accounted);
    expect(service.cache.used).toBeLessThanOrEqual(300);
  });

  it('many requests for one image share one origin fetch', async () => {
    const { origin, handle } = setup(500);
    const replies = await Promise.all(Array.from({ length: 6 }, () => handle('/img/n7')));
    expect(replies.map((r) => r.body)).toEqual(Array(6).fill('n7:160x160'));
    expect(origin.fetches.get('n7')).toBe(1);
  });

  it('different images requested together are each served their own bytes', async () => {
    const { handle } = setup(1000);
    const ids = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'];
    const replies = await Promise.all(ids.map((id) => handle(`/img/${id}`)));
    expect(replies.map((r) => r.body)).toEqual(ids.map((id) => `${id}:160x160`));
  });
});
