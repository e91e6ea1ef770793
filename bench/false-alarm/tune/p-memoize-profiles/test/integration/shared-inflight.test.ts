import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProfileService } from '../../src/profile-service.ts';
import { UserDb } from '../../src/user-db.ts';
import { users } from '../users.ts';

test('two concurrent calls get the same in-flight promise; the database is asked once', async () => {
  const db = new UserDb(users);
  const service = new ProfileService(db);
  const a = service.loadProfile('u1');
  const b = service.loadProfile('u1');
  assert.equal(a, b);
  const [pa, pb] = await Promise.all([a, b]);
  assert.equal(pa, pb);
  assert.equal(pa.loadedAt, 1);
  assert.deepEqual(db.queries, ['u1']);
});

test('many concurrent greetings of three users: three queries', async () => {
  const db = new UserDb(users);
  const service = new ProfileService(db);
  const ids = ['u1', 'u2', 'u3', 'u1', 'u2', 'u3', 'u1', 'u1'];
  const greetings = await Promise.all(ids.map((id) => service.greeting(id)));
  assert.deepEqual(greetings, ids.map((id) => `Hello, ${users[id as keyof typeof users]}!`));
  assert.deepEqual([...db.queries].sort(), ['u1', 'u2', 'u3']);
});

test('concurrent callers of a failing lookup all see the failure; a later call asks again', async () => {
  const db = new UserDb(users);
  const service = new ProfileService(db);
  const results = await Promise.allSettled([service.loadProfile('ghost'), service.loadProfile('ghost')]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
  assert.deepEqual(db.queries, ['ghost']);
  await assert.rejects(service.loadProfile('ghost'));
  assert.deepEqual(db.queries, ['ghost', 'ghost']);
});

test('callers that arrive after the load finished get the cached profile', async () => {
  const db = new UserDb(users);
  const service = new ProfileService(db);
  const first = await Promise.all([service.displayNames(['u1', 'u2']), service.displayNames(['u2', 'u1'])]);
  assert.deepEqual(first, [['Ada', 'Grace'], ['Grace', 'Ada']]);
  const again = await Promise.all([service.loadProfile('u1'), service.loadProfile('u2')]);
  assert.deepEqual(again.map((p) => p.loadedAt).sort(), [1, 2]);
  assert.equal(db.queries.length, 2);
});
