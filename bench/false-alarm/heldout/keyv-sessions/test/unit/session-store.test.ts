import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionStore } from '../../src/session-store.ts';

test('login creates a session that can be read back', async () => {
  const store = new SessionStore();
  const s = await store.login('ada');
  assert.deepEqual(await store.get(s.id), s);
  assert.equal(await store.logins('ada'), 1);
});

test('logout removes the session', async () => {
  const store = new SessionStore();
  const s = await store.login('ada');
  await store.logout(s.id);
  assert.equal(await store.get(s.id), undefined);
});

test('sessions expire after the ttl', async () => {
  const store = new SessionStore(20);
  const s = await store.login('ada');
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.equal(await store.get(s.id), undefined);
  assert.equal(await store.logins('ada'), 1, 'login counters do not expire');
});

test('logins count one after another', async () => {
  const store = new SessionStore();
  for (let i = 0; i < 3; i++) await store.login('grace');
  assert.equal(await store.logins('grace'), 3);
});
