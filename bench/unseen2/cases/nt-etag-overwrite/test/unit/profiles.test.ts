import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecordStore } from '../../src/record-store.ts';
import { ConflictError, Moderation, normalizeHandle, ProfileService, type Profile } from '../../src/profiles.ts';

function service(banned: string[] = []) {
  const store = new RecordStore<Profile>();
  return { store, profiles: new ProfileService(store, new Moderation(banned)) };
}

test('handles are normalized', () => {
  assert.equal(normalizeHandle('  Ada Lovelace '), 'ada-lovelace');
  assert.equal(normalizeHandle('bob'), 'bob');
});

test('an update bumps the version and keeps the untouched fields', async () => {
  const { profiles } = service();
  profiles.create('u1', { handle: 'Ada', bio: 'maths' });
  assert.equal(await profiles.update('u1', 1, { bio: 'engines' }), 2);
  assert.equal(await profiles.update('u1', 2, { handle: 'Countess' }), 3);
  assert.deepEqual(await profiles.get('u1'), { value: { handle: 'countess', bio: 'engines' }, version: 3 });
});

test('an edit against an old version is refused', async () => {
  const { profiles, store } = service();
  profiles.create('u2', { handle: 'bob', bio: '' });
  await profiles.update('u2', 1, { bio: 'first' });
  await assert.rejects(profiles.update('u2', 1, { bio: 'stale' }), ConflictError);
  assert.equal(store.current('u2')?.value.bio, 'first');
  assert.equal(store.writes, 2);
});

test('a rejected bio is not saved', async () => {
  const { profiles, store } = service(['spam']);
  profiles.create('u3', { handle: 'cy', bio: 'hi' });
  await assert.rejects(profiles.update('u3', 1, { bio: 'buy SPAM now' }), /rejected/);
  assert.deepEqual(store.current('u3'), { value: { handle: 'cy', bio: 'hi' }, version: 1 });
});
