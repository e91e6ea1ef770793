import { describe, expect, it } from 'vitest';
import { AuthCache, UploadService } from '../../src/uploads';

describe('sessions', () => {
  it('concurrent requests with one token share one lookup', async () => {
    const auth = new AuthCache();
    const users = await Promise.all([1, 2, 3, 4].map(() => auth.user('tok-ada')));
    expect(users).toEqual(['ada', 'ada', 'ada', 'ada']);
    expect(auth.lookups).toBe(1);
  });

  it('different tokens are looked up separately and a failed lookup is not cached', async () => {
    const auth = new AuthCache();
    const results = await Promise.allSettled([auth.user('tok-ada'), auth.user('nope'), auth.user('tok-bob')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await expect(auth.user('nope')).rejects.toThrow('invalid session');
    expect(auth.lookups).toBe(4);
  });

  it('uploads begun together get distinct ids', async () => {
    const service = new UploadService();
    const begun = await Promise.all([1, 2, 3].map(() => service.begin('tok-dee', 100, 10)));
    expect(new Set(begun.map((b) => b.id)).size).toBe(3);
  });
});
