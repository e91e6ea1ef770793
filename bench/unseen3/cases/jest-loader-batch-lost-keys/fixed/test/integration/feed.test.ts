import { BatchLoader } from '../../src/batch-loader';
import { FeedResolver } from '../../src/feed';
import { posts, teamsApi, usersApi } from '../fixtures';

describe('a feed page resolved at once', () => {
  test('authors and team members resolved together all arrive', async () => {
    const feed = new FeedResolver(usersApi(), teamsApi());
    const [authors, team] = await Promise.all([feed.authorNames(posts), feed.teamNames('core')]);
    expect(authors).toEqual(['Ann', 'Bob', 'Ann']);
    expect(team).toEqual(['Dee', 'Eve']);
  });

  test('a key asked for while a batch is being fetched is loaded too', async () => {
    const api = usersApi();
    const loader = new BatchLoader((ids: string[]) => api.fetchUsers(ids));
    const late = new Promise((resolve) => setTimeout(resolve, 1)).then(() => loader.load('u3'));
    const [first, third] = await Promise.all([loader.loadMany(['u1', 'u2']), late]);
    expect(first.map((u) => u.name)).toEqual(['Ann', 'Bob']);
    expect(third).toEqual({ id: 'u3', name: 'Cy' });
  });

  test('two teams and the authors: every name is resolved', async () => {
    const feed = new FeedResolver(usersApi(), teamsApi());
    const results = await Promise.allSettled([feed.teamNames('core'), feed.teamNames('ops'), feed.authorNames(posts)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  test('many loads in the same tick still make one call', async () => {
    const api = usersApi();
    const loader = new BatchLoader((ids: string[]) => api.fetchUsers(ids));
    await Promise.all(['u1', 'u2', 'u3', 'u4', 'u5', 'u1'].map((id) => loader.load(id)));
    expect(api.calls).toHaveLength(1);
  });
});
