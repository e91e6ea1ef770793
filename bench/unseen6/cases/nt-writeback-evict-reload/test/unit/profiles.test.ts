import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProfileService, ProfileTable, type Profile } from '../../src/profiles.ts';

const profile = (user: string): Profile => ({ user, displayName: user.toUpperCase(), visits: 0, lastPage: null });

function setup(cacheSize: number, users = ['ann', 'bob', 'cy']) {
  const table = new ProfileTable();
  table.seed(users.map(profile));
  return { table, service: new ProfileService(table, cacheSize) };
}

describe('profiles', () => {
  it('counts the visits of a user', async () => {
    const { service } = setup(3);
    await service.recordVisit('ann', '/');
    assert.equal(await service.recordVisit('ann', '/pricing'), 2);
    assert.deepEqual(await service.profile('ann'), { user: 'ann', displayName: 'ANN', visits: 2, lastPage: '/pricing' });
  });

  it('an unknown user is a 404 and a bad page is refused', async () => {
    const { service } = setup(3);
    await assert.rejects(service.recordVisit('zed', '/'), /404/);
    await assert.rejects(service.recordVisit('ann', 'pricing'), /not a path/);
  });

  it('an evicted profile is written to the table and read back later', async () => {
    const { service, table } = setup(1);
    await service.recordVisit('ann', '/a');
    await service.recordVisit('bob', '/b');
    assert.equal(table.peek('ann')?.visits, 1);
    assert.equal((await service.profile('ann')).lastPage, '/a');
    assert.equal(service.cache.size, 1);
  });

  it('a profile that was only read is not written when evicted', async () => {
    const { service } = setup(1);
    await service.profile('ann');
    await service.profile('bob');
    assert.equal(service.cache.writes, 0);
    assert.equal(service.cache.evictions, 1);
  });

  it('flush stores every changed profile', async () => {
    const { service, table } = setup(3);
    for (const u of ['ann', 'bob', 'cy']) await service.recordVisit(u, '/home');
    await service.cache.flush();
    assert.deepEqual(['ann', 'bob', 'cy'].map((u) => table.peek(u)?.visits), [1, 1, 1]);
  });
});
