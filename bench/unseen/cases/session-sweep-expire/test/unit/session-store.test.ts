import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuditTrail, isExpired, newId, SessionStore } from '../../src/session-store.ts';

test('helpers', () => {
  assert.equal(newId('ann', 35), 'ann-z');
  assert.equal(isExpired({ id: 'a', user: 'a', expiresAt: 10 }, 10), true);
  assert.equal(isExpired({ id: 'a', user: 'a', expiresAt: 10 }, 9), false);
});

test('sessions expire, touch extends them, sweep removes the expired ones', async () => {
  let now = 1_000;
  const audit = new AuditTrail();
  const store = new SessionStore(audit, 100, () => now);
  const a = store.create('ann');
  const b = store.create('bob');
  now = 1_050;
  assert.equal(store.touch(a.id), true);
  now = 1_120;
  assert.equal(store.get(b.id), undefined);
  assert.equal(store.touch(b.id), false);
  assert.equal(await store.sweep(), 1);
  assert.equal(store.get(a.id)?.user, 'ann');
  assert.deepEqual(audit.lines, ['sweeping 1 sessions']);
});
