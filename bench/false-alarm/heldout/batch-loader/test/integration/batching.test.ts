import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fakeDb, UserLoader } from '../../src/user-loader.ts';
import { names } from '../names.ts';

test('loads issued in one turn go out as one batch', async () => {
  const queries: number[][] = [];
  const loader = new UserLoader(fakeDb(names, queries));
  const users = await Promise.all([loader.load(1), loader.load(2), loader.load(3)]);
  assert.deepEqual(users.map((u) => u.name), ['Ada', 'Grace', 'Barbara']);
  assert.deepEqual(queries, [[1, 2, 3]]);
});

test('concurrent resolvers that ask for overlapping users share the batch and the cache', async () => {
  const queries: number[][] = [];
  const loader = new UserLoader(fakeDb(names, queries));
  const resolveAuthor = async (postId: number) => (await loader.load((postId % 3) + 1)).name;
  const authors = await Promise.all([10, 11, 12, 13, 14].map(resolveAuthor));
  assert.deepEqual(authors, ['Grace', 'Barbara', 'Ada', 'Grace', 'Barbara']);
  assert.deepEqual(queries, [[2, 3, 1]]);
});

test('a second wave after an await is a second batch, and cached ids are not asked again', async () => {
  const queries: number[][] = [];
  const loader = new UserLoader(fakeDb(names, queries));
  await loader.loadMany([1, 2]);
  const again = await loader.loadMany([2, 3, 4]);
  assert.deepEqual(again.map((u) => u.id), [2, 3, 4]);
  assert.deepEqual(queries, [[1, 2], [3, 4]]);
});

test('a failing batch rejects every load in it', async () => {
  const queries: number[][] = [];
  const loader = new UserLoader(fakeDb(names, queries));
  const results = await Promise.allSettled([loader.load(1), loader.load(-1), loader.load(5)]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected', 'rejected']);
  assert.equal(queries.length, 1);
  assert.deepEqual(await loader.load(5), { id: 5, name: 'Donald' });
});
