import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmailVerifier } from '../../src/verifier.ts';
import { Directory } from '../../src/directory.ts';

test('HR renames a person while they change their e-mail: the lookup shows the current name', async () => {
  const dir = new Directory(new EmailVerifier());
  dir.add('u1', 'Ann Lee', 'ann@old.org');
  dir.add('u2', 'Bob Roy', 'bob@old.org');
  await Promise.all([
    dir.changeEmail('u1', 'ann@new.org'),
    sleep(1).then(() => dir.rename('u1', 'Ann Park')),
    dir.changeEmail('u2', 'bob@new.org'),
  ]);
  for (const [id, email] of [['u1', 'ann@new.org'], ['u2', 'bob@new.org']]) {
    assert.deepEqual(dir.lookup(email), { id, name: dir.nameOf(id) });
  }
});
