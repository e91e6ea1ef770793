import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EmailVerifier } from '../../src/verifier.ts';
import { Directory, displayName, normalizeEmail } from '../../src/directory.ts';

test('helpers', () => {
  assert.equal(normalizeEmail(' Ann@Example.ORG'), 'ann@example.org');
  assert.equal(displayName(' Ann ', 'Lee'), 'Ann Lee');
});

test('add, rename, change e-mail', async () => {
  const dir = new Directory(new EmailVerifier());
  dir.add('u1', 'Ann Lee', 'ann@old.org');
  dir.rename('u1', 'Ann Park');
  assert.deepEqual(dir.lookup('ANN@old.org'), { id: 'u1', name: 'Ann Park' });
  await dir.changeEmail('u1', 'ann@new.org');
  assert.equal(dir.lookup('ann@old.org'), undefined);
  assert.deepEqual(dir.lookup('ann@new.org'), { id: 'u1', name: 'Ann Park' });
  await assert.rejects(dir.changeEmail('u1', 'x@bad.invalid'), /does not accept/);
  await assert.rejects(dir.changeEmail('u9', 'a@b.org'), /unknown/);
  assert.throws(() => dir.rename('u9', 'X'), /unknown/);
});
