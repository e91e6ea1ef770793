import { BatchLoader, uniqueKeys } from '../../src/batch-loader';
import { FeedResolver } from '../../src/feed';
import { posts, teamsApi, usersApi } from '../fixtures';

describe('BatchLoader', () => {
  test('uniqueKeys keeps the first of each key in order', () => {
    expect(uniqueKeys(['a', 'b', 'a', 'c', 'b'])).toEqual(['a', 'b', 'c']);
  });

  test('loads of one tick are fetched with one call, each key once', async () => {
    const api = usersApi();
    const loader = new BatchLoader((ids: string[]) => api.fetchUsers(ids));
    const users = await loader.loadMany(['u1', 'u2', 'u1']);
    expect(users.map((u) => u.name)).toEqual(['Ann', 'Bob', 'Ann']);
    expect(api.calls).toEqual([['u1', 'u2']]);
  });

  test('an unknown key rejects only its own load', async () => {
    const loader = new BatchLoader((ids: string[]) => usersApi().fetchUsers(ids));
    const [known, unknown] = await Promise.allSettled([loader.load('u1'), loader.load('zz')]);
    expect(known.status).toBe('fulfilled');
    expect(unknown).toMatchObject({ status: 'rejected', reason: new Error('not found: zz') });
  });

  test('a failed fetch rejects every load of its batch', async () => {
    const loader = new BatchLoader<string, string>(async () => {
      throw new Error('users service down');
    });
    await expect(loader.loadMany(['a', 'b'])).rejects.toThrow('users service down');
  });
});

describe('FeedResolver', () => {
  test('authors and then a team, one after the other', async () => {
    const feed = new FeedResolver(usersApi(), teamsApi());
    expect(await feed.authorNames(posts)).toEqual(['Ann', 'Bob', 'Ann']);
    expect(await feed.teamNames('ops')).toEqual(['Ann', 'Cy']);
    expect(feed.users.batches).toBe(2);
  });
});
