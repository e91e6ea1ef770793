import { KeyedMutex } from '../../src/keyed-mutex';
import { LoginService } from '../../src/login-service';

const passwords = { ada: 'lovelace', bob: 'builder' };

describe('login, one attempt at a time', () => {
  test('the right password logs in and resets the attempts', async () => {
    const s = new LoginService(passwords);
    expect(await s.login('ada', 'nope')).toBe('wrong-password');
    expect(await s.remaining('ada')).toBe(4);
    expect(await s.login('ada', 'lovelace')).toBe('ok');
    expect(await s.remaining('ada')).toBe(5);
    expect((await s.failures.get('ada')).failures).toBe(0);
  });

  test('three wrong passwords lock the account, even for the right one, until an unlock', async () => {
    const s = new LoginService(passwords);
    for (let i = 0; i < 3; i++) expect(await s.login('bob', 'x')).toBe('wrong-password');
    expect(await s.login('bob', 'builder')).toBe('locked');
    await s.unlock('bob');
    expect(await s.login('bob', 'builder')).toBe('ok');
  });

  test('the sixth attempt within the window is throttled', async () => {
    const s = new LoginService(passwords, 100);
    for (let i = 0; i < 5; i++) expect(await s.login('ada', 'x')).toBe('wrong-password');
    expect(await s.login('ada', 'x')).toBe('throttled');
    expect(await s.login('ada', 'x', '10.0.0.2')).toBe('wrong-password');
  });

  test('an unknown user is a wrong password', async () => {
    const s = new LoginService(passwords);
    expect(await s.login('eve', 'lovelace')).toBe('wrong-password');
  });

  test('the keyed mutex runs sequential sections and forgets idle keys', async () => {
    const m = new KeyedMutex();
    expect(await m.run('k', async () => 1)).toBe(1);
    await expect(m.run('k', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await m.run('k', async () => 2)).toBe(2);
    await new Promise<void>((r) => setImmediate(r));
    expect(m.pendingKeys()).toBe(0);
  });
});
