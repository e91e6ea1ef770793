import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProfileService, ProfileTable, type Profile } from '../../src/profiles.ts';

const profile = (user: string): Profile => ({ user, displayName: user.toUpperCase(), visits: 0, lastPage: null });
const users = ['ann', 'bob', 'cy', 'dee', 'eve'];

function setup(cacheSize: number) {
  const table = new ProfileTable();
  table.seed(users.map(profile));
  return { table, service: new ProfileService(table, cacheSize) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One user's session: page views one after another, 0-3 ms apart. */
async function session(service: ProfileService, user: string, views: number) {
  for (let i = 0; i < views; i++) {
    await sleep(Math.floor(Math.random() * 4));
    await service.recordVisit(user, `/page/${i}`);
  }
}

describe('profiles with many sessions at once', () => {
  it('sessions of all users at once, cache big enough for all', async () => {
    const { service, table } = setup(10);
    await Promise.all(users.map((u) => session(service, u, 4)));
    await service.cache.flush();
    assert.deepEqual(users.map((u) => table.peek(u)?.visits), [4, 4, 4, 4, 4]);
  });

  it('sessions of all users at once through a small cache keep every visit', async () => {
    const { service, table } = setup(2);
    await Promise.all(users.map((u) => session(service, u, 4)));
    await service.cache.flush();
    assert.deepEqual(users.map((u) => table.peek(u)?.visits), [4, 4, 4, 4, 4]);
  });

  it('profile pages of all users at once through a small cache', async () => {
    const { service } = setup(2);
    const pages = await Promise.all([...users, ...users].map((u) => service.profile(u)));
    assert.deepEqual(pages.map((p) => p.displayName), [...users, ...users].map((u) => u.toUpperCase()));
  });
});
