import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Database } from '../../src/database.ts';
import { UserRepository } from '../../src/user-repository.ts';

test('a health check counts users while the first sign-ups are stored', async () => {
  const repo = new UserRepository(() => Database.open());
  const [, , count] = await Promise.all([
    repo.add({ email: 'ann@x.org', name: 'Ann' }),
    repo.add({ email: 'bob@x.org', name: 'Bob' }),
    Promise.resolve().then(() => repo.count()),
  ]);
  assert.ok(count >= 0 && count <= 2, `count ${count}`);
  assert.equal(await repo.count(), 2);
});
