import { describe, expect, it } from 'vitest';
import { KvBackend } from '../../src/kv';
import { SessionStore } from '../../src/session-store';
import { AuthService, parseCookie } from '../../src/auth-service';

function setup() {
  const clock = { t: 1_000 };
  const kv = new KvBackend();
  const store = new SessionStore(kv, () => clock.t, 60_000);
  return { clock, kv, store, auth: new AuthService(store) };
}

describe('auth service', () => {
  it('reads the session cookie', () => {
    expect(parseCookie('theme=dark; sid=s%2042; lang=en', 'sid')).toBe('s 42');
    expect(parseCookie('theme=dark', 'sid')).toBeUndefined();
  });

  it('a logged-in user is recognised', async () => {
    const { auth } = setup();
    const sid = await auth.login('ada');
    expect(await auth.authenticate(sid)).toEqual({ status: 200, userId: 'ada' });
  });

  it('each request slides the expiry forward', async () => {
    const { auth, store, clock } = setup();
    const sid = await auth.login('ada');
    clock.t += 50_000;
    expect((await auth.authenticate(sid)).status).toBe(200);
    clock.t += 50_000;
    expect((await store.load(sid))?.expiresAt).toBe(111_000);
  });

  it('an idle session expires', async () => {
    const { auth, clock } = setup();
    const sid = await auth.login('ada');
    clock.t += 59_000;
    const other = await auth.login('bob');
    clock.t += 2_000;
    expect(await auth.authenticate(sid)).toEqual({ status: 401 });
    expect(await auth.authenticate(other)).toEqual({ status: 200, userId: 'bob' });
  });

  it('after logout the session is refused', async () => {
    const { auth, store } = setup();
    const sid = await auth.login('ada');
    await auth.logout(sid);
    expect(await auth.authenticate(sid)).toEqual({ status: 401 });
    expect(await store.count()).toBe(0);
    expect(auth.audit).toEqual(['login ada', `logout ${sid}`]);
  });

  it('an unknown session is refused', async () => {
    const { auth } = setup();
    expect(await auth.authenticate('nope')).toEqual({ status: 401 });
  });
});
