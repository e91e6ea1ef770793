import { KeyedMutex } from '../../src/keyed-mutex';
import { LoginResult, LoginService } from '../../src/login-service';
import { gate, jitter, until } from '../helpers';

const passwords = { ada: 'lovelace', bob: 'builder', carl: 'sagan' };
const count = (results: LoginResult[], r: LoginResult) => results.filter((x) => x === r).length;

describe('concurrent logins', () => {
  test('eight wrong attempts at once: five reach the check (three wrong, then locked), three throttled', async () => {
    const s = new LoginService(passwords, 3, 5);
    const results = await Promise.all(Array.from({ length: 8 }, () => s.login('ada', 'guess')));
    expect(count(results, 'throttled')).toBe(3);
    expect(count(results, 'wrong-password')).toBe(3);
    expect(count(results, 'locked')).toBe(2);
    expect((await s.failures.get('ada')).failures).toBe(3);
    expect(s.maxInsideOneUser).toBe(1);
  });

  test('attempts arriving at random moments from three addresses: no failure is lost', async () => {
    const s = new LoginService(passwords, 100, 5);
    const ips = ['10.0.0.1', '10.0.0.2', '10.0.0.3'];
    const results = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        await jitter();
        return s.login('carl', 'wrong', ips[i % 3]);
      }),
    );
    expect(count(results, 'wrong-password')).toBe(15);
    expect((await s.failures.get('carl')).failures).toBe(15);
    for (const ip of ips) expect(await s.remaining('carl', ip)).toBe(0);
    expect(s.maxInsideOneUser).toBe(1);
  });

  test('two users at once do not spend each other\'s attempts', async () => {
    const s = new LoginService(passwords, 100, 5);
    const results = await Promise.all(
      ['ada', 'bob', 'ada', 'bob', 'ada', 'bob', 'ada', 'bob', 'ada', 'bob'].map(async (u) => {
        await jitter();
        return s.login(u, 'nope');
      }),
    );
    expect(count(results, 'throttled')).toBe(0);
    expect(await s.remaining('ada')).toBe(0);
    expect(await s.remaining('bob')).toBe(0);
  });

  test('concurrent right logins all succeed and leave the attempts reset', async () => {
    const s = new LoginService(passwords);
    await Promise.all([s.login('bob', 'x'), s.login('bob', 'y')]);
    const results = await Promise.all(Array.from({ length: 3 }, async () => (await jitter(), s.login('bob', 'builder'))));
    expect(results).toEqual(['ok', 'ok', 'ok']);
    expect((await s.failures.get('bob')).failures).toBe(0);
    expect(await s.remaining('bob')).toBe(5);
    expect(await Promise.all([s.login('bob', 'x'), s.login('bob', 'x')])).toEqual(['wrong-password', 'wrong-password']);
  });

  test('sections for one key asked for in one turn run in call order, one at a time', async () => {
    const m = new KeyedMutex();
    const log: string[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        m.run('k', async () => {
          most = Math.max(most, ++inside);
          log.push(`in ${i}`);
          await jitter();
          log.push(`out ${i}`);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(log).toEqual([1, 2, 3, 4, 5].flatMap((i) => [`in ${i}`, `out ${i}`]));
  });

  test('a section for another key runs while the first key\'s holder waits at a gate', async () => {
    const m = new KeyedMutex();
    const g = gate();
    let aInside = false;
    const a = m.run('a', async () => {
      aInside = true;
      await g.wait;
      return 'a';
    });
    await until(() => aInside);
    expect(await m.run('b', async () => (await jitter(), 'b'))).toBe('b');
    const a2 = m.run('a', async () => 'a2');
    g.open();
    expect(await Promise.all([a, a2])).toEqual(['a', 'a2']);
  });
});
