import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Database } from '../../src/database.ts';
import { normalizeEmail, toRow, UserRepository } from '../../src/user-repository.ts';

test('rows are normalized', () => {
  assert.equal(normalizeEmail(' Ann@X.org '), 'ann@x.org');
  assert.deepEqual(toRow({ email: 'B@x.org', name: ' Bob ' }), { email: 'b@x.org', name: 'Bob' });
});

test('add, find and count users', async () => {
  const repo = new UserRepository(() => Database.open());
  await repo.add({ email: 'ann@x.org', name: 'Ann' });
  await repo.add({ email: 'bob@x.org', name: 'Bob' });
  assert.deepEqual(await repo.findByEmail('ANN@x.org'), { email: 'ann@x.org', name: 'Ann' });
  assert.equal(await repo.findByEmail('cyd@x.org'), undefined);
  assert.equal(await repo.count(), 2);
});
