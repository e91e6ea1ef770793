import { describe, expect, it } from 'vitest';
import { KvBackend } from '../../src/kv';
import { SessionStore } from '../../src/session-store';
import { AuthService } from '../../src/auth-service';

function setup() {
  const kv = new KvBackend();
  const store = new SessionStore(kv, () => Date.now(), 60_000);
  return { kv, store, auth: new AuthService(store) };
}

describe('sessions under concurrent requests', () => {
  it('parallel requests on one session are all recognised', async () => {
    const { auth } = setup();
    const sid = await auth.login('ada');
    const replies = await Promise.all([auth.authenticate(sid), auth.authenticate(sid), auth.authenticate(sid)]);
    expect(replies.every((r) => r.status === 200 && r.userId === 'ada')).toBe(true);
  });

  it('users logging in at once get distinct sessions', async () => {
    const { auth, store } = setup();
    const ids = await Promise.all(['ada', 'bob', 'cy', 'dee'].map((u) => auth.login(u)));
    expect(new Set(ids).size).toBe(4);
    expect(await store.count()).toBe(4);
  });

  it('a logout racing a request of the same tab ends the session', async () => {
    const { auth, store } = setup();
    const sid = await auth.login('ada');
    await Promise.all([auth.authenticate(sid), auth.logout(sid)]);
    expect(await store.load(sid)).toBeUndefined();
    expect(await auth.authenticate(sid)).toEqual({ status: 401 });
  });

  it('logging one user out leaves the others logged in', async () => {
    const { auth } = setup();
    const [a, b] = await Promise.all([auth.login('ada'), auth.login('bob')]);
    await Promise.all([auth.logout(a), auth.authenticate(b), auth.authenticate(b)]);
    expect(await auth.authenticate(b)).toEqual({ status: 200, userId: 'bob' });
  });

  it('logout everywhere while requests are still arriving', async () => {
    const { auth, store } = setup();
    const sids = await Promise.all([auth.login('ada'), auth.login('ada')]);
    await Promise.all([...sids.map((s) => auth.authenticate(s)), ...sids.map((s) => auth.logout(s))]);
    expect(await store.count()).toBe(0);
  });
});
