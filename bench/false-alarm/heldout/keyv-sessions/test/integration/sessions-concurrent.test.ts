import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SessionStore } from '../../src/session-store.ts';

test('twenty concurrent logins of one user: twenty sessions, counter exactly 20', async () => {
  const store = new SessionStore();
  const sessions = await Promise.all(Array.from({ length: 20 }, () => store.login('ada')));
  assert.equal(new Set(sessions.map((s) => s.id)).size, 20);
  assert.equal(await store.active(sessions.map((s) => s.id)), 20);
  assert.equal(await store.logins('ada'), 20);
});

test('concurrent logins of several users keep separate counters', async () => {
  const store = new SessionStore();
  const users = ['ada', 'grace', 'ada', 'linus', 'grace', 'ada'];
  await Promise.all(users.map((u) => store.login(u)));
  assert.deepEqual(await Promise.all(['ada', 'grace', 'linus'].map((u) => store.logins(u))), [3, 2, 1]);
});

test('logins and logouts at once: only the logged-out sessions are gone', async () => {
  const store = new SessionStore();
  const first = await Promise.all(['a', 'b', 'c', 'd'].map((u) => store.login(u)));
  const [more] = await Promise.all([
    Promise.all(['e', 'f'].map((u) => store.login(u))),
    store.logout(first[0].id),
    store.logout(first[2].id),
  ]);
  assert.equal(await store.get(first[0].id), undefined);
  assert.deepEqual(await store.get(first[1].id), first[1]);
  assert.equal(await store.active([...first, ...more].map((s) => s.id)), 4);
});

test('concurrent reads of one session all see it', async () => {
  const store = new SessionStore();
  const s = await store.login('ada');
  const reads = await Promise.all(Array.from({ length: 10 }, () => store.get(s.id)));
  assert.ok(reads.every((r) => r?.id === s.id));
});
