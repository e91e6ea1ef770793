import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock';
import { AccountDirectory, SessionManager } from '../../src/sessions';

const MIN = 60_000;

describe('sessions with several tabs open', () => {
  it('the later of two renewals decides the expiry', async () => {
    const clock = new ManualClock();
    const sessions = new SessionManager(clock, new AccountDirectory(), 30 * MIN);
    const s = sessions.start('ann');
    const first = sessions.renew(s.id);
    clock.advance(MIN);
    const second = sessions.renew(s.id);
    await Promise.all([first, second]);
    expect(sessions.expiryOf(s.id)).toBe(31 * MIN);
    clock.advance(30 * MIN - 30_000);
    expect(sessions.isValid(s.id)).toBe(true);
  });

  it('a burst of clicks keeps the session alive from the last one', async () => {
    const clock = new ManualClock();
    const sessions = new SessionManager(clock, new AccountDirectory(), 10 * MIN);
    const s = sessions.start('joe');
    const renewals = [];
    for (let i = 0; i < 3; i++) {
      renewals.push(sessions.renew(s.id));
      clock.advance(20_000);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(renewals);
    expect(sessions.expiryOf(s.id)).toBe(10 * MIN + 40_000);
  });

  it('renewals of different users do not affect each other', async () => {
    const clock = new ManualClock();
    const sessions = new SessionManager(clock, new AccountDirectory(), 30 * MIN);
    const a = sessions.start('ann');
    clock.advance(MIN);
    const b = sessions.start('bob');
    clock.advance(MIN);
    const expiries = await Promise.all([sessions.renew(a.id), sessions.renew(b.id)]);
    expect(expiries).toEqual([32 * MIN, 32 * MIN]);
  });

  it('a renewal racing an account ban ends the session', async () => {
    const accounts = new AccountDirectory();
    const sessions = new SessionManager(new ManualClock(), accounts);
    const s = sessions.start('eve');
    accounts.disabled.add('eve');
    const results = await Promise.allSettled([sessions.renew(s.id), sessions.renew(s.id)]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(sessions.isValid(s.id)).toBe(false);
  });

  it('the sweeper leaves sessions being renewed alone', async () => {
    const clock = new ManualClock();
    const sessions = new SessionManager(clock, new AccountDirectory(), 10 * MIN);
    const s = sessions.start('kim');
    clock.advance(9 * MIN);
    const [expiry, swept] = await Promise.all([sessions.renew(s.id), Promise.resolve().then(() => sessions.sweep())]);
    expect(swept).toBe(0);
    expect(expiry).toBe(19 * MIN);
  });
});
