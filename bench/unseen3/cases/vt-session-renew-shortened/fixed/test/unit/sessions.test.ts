import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock';
import { AccountDirectory, SessionManager } from '../../src/sessions';

const MIN = 60_000;

describe('sessions', () => {
  it('a new session lasts the ttl', () => {
    const clock = new ManualClock(1_000);
    const sessions = new SessionManager(clock, new AccountDirectory(), 10 * MIN);
    const s = sessions.start('ann');
    expect(s.expiresAt).toBe(1_000 + 10 * MIN);
    clock.advance(10 * MIN);
    expect(sessions.isValid(s.id)).toBe(false);
  });

  it('renewing slides the expiry from now', async () => {
    const clock = new ManualClock();
    const sessions = new SessionManager(clock, new AccountDirectory(), 10 * MIN);
    const s = sessions.start('ann');
    clock.advance(5 * MIN);
    expect(await sessions.renew(s.id)).toBe(15 * MIN);
    clock.advance(5 * MIN);
    expect(await sessions.renew(s.id)).toBe(20 * MIN);
    expect(sessions.isValid(s.id)).toBe(true);
  });

  it('an expired session cannot be renewed', async () => {
    const clock = new ManualClock();
    const sessions = new SessionManager(clock, new AccountDirectory(), MIN);
    const s = sessions.start('bob');
    clock.advance(2 * MIN);
    await expect(sessions.renew(s.id)).rejects.toThrow('no session s1');
    expect(sessions.sweep()).toBe(1);
  });

  it('a disabled account loses its session on renewal', async () => {
    const accounts = new AccountDirectory();
    const sessions = new SessionManager(new ManualClock(), accounts);
    const s = sessions.start('eve');
    accounts.disabled.add('eve');
    await expect(sessions.renew(s.id)).rejects.toThrow('disabled');
    expect(sessions.isValid(s.id)).toBe(false);
  });
});
