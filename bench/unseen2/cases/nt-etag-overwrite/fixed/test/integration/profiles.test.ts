import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordStore } from '../../src/record-store.ts';
import { ConflictError, Moderation, ProfileService, type Profile } from '../../src/profiles.ts';

function service() {
  const store = new RecordStore<Profile>();
  return { store, profiles: new ProfileService(store, new Moderation()) };
}

test('two tabs save an edit of the same version: one wins, the other gets a conflict', async () => {
  const { profiles, store } = service();
  profiles.create('u1', { handle: 'ada', bio: 'maths' });
  const results = await Promise.allSettled([
    profiles.update('u1', 1, { bio: 'analytical engines and more' }),
    profiles.update('u1', 1, { bio: 'poetry' }),
  ]);
  const won = results.filter((r) => r.status === 'fulfilled');
  const lost = results.filter((r) => r.status === 'rejected');
  assert.equal(won.length, 1, 'exactly one save of version 1 may succeed');
  assert.ok(lost.length === 1 && lost[0].reason instanceof ConflictError);
  assert.equal(store.current('u1')?.version, 2);
});

test('a rename and a bio edit of the same version: the loser can retry on the new version', async () => {
  const { profiles } = service();
  profiles.create('u2', { handle: 'bob', bio: 'hello' });
  const [rename, edit] = await Promise.allSettled([
    profiles.update('u2', 1, { handle: 'Robert' }),
    profiles.update('u2', 1, { bio: 'hi' }),
  ]);
  assert.notEqual(rename.status, edit.status, 'one of the two must be told it is stale');
  const latest = await profiles.get('u2');
  if (rename.status === 'rejected') await profiles.update('u2', latest.version, { handle: 'Robert' });
  else await profiles.update('u2', latest.version, { bio: 'hi' });
  assert.deepEqual((await profiles.get('u2')).value, { handle: 'robert', bio: 'hi' });
});

test('every successful save gets its own version', async () => {
  const { profiles } = service();
  profiles.create('u3', { handle: 'cy', bio: '' });
  const bios = ['a', 'bb', 'ccc', 'dddd'];
  const results = await Promise.allSettled(bios.map((bio) => profiles.update('u3', 1, { bio })));
  const versions = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  assert.deepEqual(versions, [2]);
});
