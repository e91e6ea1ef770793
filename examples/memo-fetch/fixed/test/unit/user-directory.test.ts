import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UserApi, UserDirectory } from '../../src/user-directory.ts';

const USERS = new Map([
  [1, 'ada'],
  [2, 'grace'],
  [3, 'linus'],
  [4, 'barbara'],
]);

test('getUser fetches a user once and then answers from the cache', async () => {
  for (const id of [1, 2, 4]) {
    const api = new UserApi(USERS);
    const directory = new UserDirectory(api);
    assert.deepEqual(await directory.getUser(id), { id, name: USERS.get(id) });
    assert.deepEqual(await directory.getUser(id), { id, name: USERS.get(id) });
    assert.equal(api.calls, 1);
    assert.equal(directory.size, 1);
  }
});

test('getUsers fetches each distinct id once, in order', async () => {
  const api = new UserApi(USERS);
  const directory = new UserDirectory(api);
  const users = await directory.getUsers([3, 1, 3, 2, 1]);
  assert.deepEqual(users.map((u) => u.name), ['linus', 'ada', 'linus', 'grace', 'ada']);
  assert.equal(api.calls, 3);
});

test('forget makes the next lookup fetch again', async () => {
  const api = new UserApi(USERS);
  const directory = new UserDirectory(api);
  await directory.getUser(2);
  directory.forget(2);
  assert.equal(directory.size, 0);
  await directory.getUser(2);
  assert.equal(api.calls, 2);
});

test('an unknown user is an error and is not cached', async () => {
  const api = new UserApi(USERS);
  const directory = new UserDirectory(api);
  await assert.rejects(directory.getUser(99), /user 99 not found/);
  await assert.rejects(directory.getUser(99), /user 99 not found/);
  assert.equal(api.calls, 2);
  assert.equal(directory.size, 0);
});
