import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeDb, UserLoader } from '../../src/user-loader.ts';
import { names } from '../names.ts';

test('load one user', async () => {
  const queries: number[][] = [];
  const loader = new UserLoader(fakeDb(names, queries));
  assert.deepEqual(await loader.load(1), { id: 1, name: 'Ada' });
  assert.deepEqual(queries, [[1]]);
});

test('a second load of the same id is served from the cache', async () => {
  const queries: number[][] = [];
  const loader = new UserLoader(fakeDb(names, queries));
  await loader.load(2);
  await loader.load(2);
  assert.deepEqual(queries, [[2]]);
});

test('a missing user rejects and is not cached', async () => {
  const queries: number[][] = [];
  const loader = new UserLoader(fakeDb(names, queries));
  await assert.rejects(loader.load(99), /not found/);
  await assert.rejects(loader.load(99), /not found/);
  assert.deepEqual(queries, [[99], [99]]);
});
