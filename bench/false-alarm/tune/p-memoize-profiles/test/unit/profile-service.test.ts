import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileService } from '../../src/profile-service.ts';
import { UserDb } from '../../src/user-db.ts';
import { users } from '../users.ts';

test('loadProfile loads from the database once, then from the cache', async () => {
  const db = new UserDb(users);
  const service = new ProfileService(db);
  const first = await service.loadProfile('u1');
  const second = await service.loadProfile('u1');
  assert.equal(first, second);
  assert.deepEqual(db.queries, ['u1']);
});

test('greeting uses the profile name', async () => {
  const service = new ProfileService(new UserDb(users));
  assert.equal(await service.greeting('u2'), 'Hello, Grace!');
});

test('a failed lookup is not cached', async () => {
  const db = new UserDb(users);
  const service = new ProfileService(db);
  await assert.rejects(service.loadProfile('nobody'), /no user/);
  await assert.rejects(service.loadProfile('nobody'), /no user/);
  assert.deepEqual(db.queries, ['nobody', 'nobody']);
});

test('forgetAll empties the cache', async () => {
  const db = new UserDb(users);
  const service = new ProfileService(db);
  await service.loadProfile('u1');
  service.forgetAll();
  await service.loadProfile('u1');
  assert.deepEqual(db.queries, ['u1', 'u1']);
});
