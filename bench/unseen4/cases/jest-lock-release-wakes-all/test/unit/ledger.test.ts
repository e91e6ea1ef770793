import { Bank, InsufficientFunds } from '../../src/ledger';
import { CallbackLock, Semaphore } from '../../src/lock';

describe('ledger', () => {
  test('deposits and withdrawals one after another', async () => {
    const bank = new Bank();
    expect(await bank.deposit('acc-1', 500)).toBe(500);
    expect(await bank.deposit('acc-1', 250)).toBe(750);
    expect(await bank.withdraw('acc-1', 700)).toBe(50);
    expect(await bank.balance('acc-1')).toBe(50);
    expect(bank.ledger.store.entries).toHaveLength(3);
  });

  test('a withdrawal over the balance is refused and not journalled', async () => {
    const bank = new Bank();
    await bank.deposit('acc-1', 100);
    await expect(bank.withdraw('acc-1', 101)).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await bank.balance('acc-1')).toBe(100);
    expect(bank.ledger.store.entries).toHaveLength(1);
  });

  test('a bad deposit amount is refused', async () => {
    const bank = new Bank();
    await expect(bank.deposit('acc-1', 0)).rejects.toThrow(/positive whole number/);
    await expect(bank.deposit('acc-1', 1.5)).rejects.toThrow(/positive whole number/);
  });

  test('a statement lists the account entries', async () => {
    const bank = new Bank();
    await bank.deposit('acc-1', 300);
    await bank.deposit('acc-2', 10);
    await bank.withdraw('acc-1', 100);
    expect(await bank.statement('acc-1')).toBe('+300 = 300\n-100 = 200');
    await expect(bank.statement('closed-9')).rejects.toThrow('closed-9 is closed');
  });

  test('the lock is free again after a failing task', async () => {
    const lock = new CallbackLock();
    await expect(lock.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(lock.isLocked).toBe(false);
    expect(await lock.run(async () => 7)).toBe(7);
    expect(lock.waits).toBe(0);
  });

  test('a semaphore gives permits back when nobody waits', async () => {
    const sem = new Semaphore(2);
    await sem.acquire();
    await sem.acquire();
    sem.release();
    sem.release();
    expect(await sem.use(async () => 'ok')).toBe('ok');
  });
});
