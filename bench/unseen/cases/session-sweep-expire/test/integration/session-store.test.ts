import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { AuditTrail, SessionStore } from '../../src/session-store.ts';

test('a user comes back with a remember-me token while the sweeper runs: the resumed session survives', async () => {
  let now = 0;
  const store = new SessionStore(new AuditTrail(), 1_000, () => now);
  const ann = store.create('ann');
  const bob = store.create('bob');
  const cyd = store.create('cyd');
  now = 900;
  assert.equal(store.touch(cyd.id), true);
  now = 1_200;
  await Promise.all([store.sweep(), sleep(1).then(() => store.resume(ann.id, 'ann'))]);
  assert.equal(store.get(ann.id)?.user, 'ann');
  assert.equal(store.get(bob.id), undefined);
  assert.equal(store.get(cyd.id)?.user, 'cyd');
});
