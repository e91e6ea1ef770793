import { KeyReused } from '../../src/idempotency';
import { AlreadyRefunded, Gateway, PaymentsApi, Receipt } from '../../src/payments';
import { gate, jitter, until } from '../helpers';

describe('payments under concurrent retries', () => {
  let gateway: Gateway;
  let api: PaymentsApi;
  beforeEach(() => {
    gateway = new Gateway();
    api = new PaymentsApi(gateway);
  });

  test('ten retries of one key at random moments charge once and all get the same receipt', async () => {
    const receipts = await Promise.all(
      Array.from({ length: 10 }, async () => (await jitter(), api.charge('order-1', 'ada', 2000))),
    );
    expect(new Set(receipts).size).toBe(1);
    expect(gateway.calls).toBe(1);
    expect(api.balance('ada')).toBe(2000);
    expect(api.charges.started).toBe(1);
    expect(api.charges.replayed).toBe(9);
  });

  test('six keys at random moments: six receipts numbered 1..6, every cent posted', async () => {
    const amounts = [100, 250, 400, 50, 75, 125];
    const receipts = await Promise.all(
      amounts.map(async (cents, i) => (await jitter(), api.charge(`k${i}`, i % 2 ? 'ada' : 'bob', cents))),
    );
    expect(receipts.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(api.balance('bob')).toBe(100 + 400 + 75);
    expect(api.balance('ada')).toBe(250 + 50 + 125);
    expect(gateway.calls).toBe(6);
  });

  test('a transient failure rejects everyone who joined it; a later retry charges once', async () => {
    gateway.transientFailures = 1;
    const g = gate();
    gateway.hold = g.wait;
    const first = Array.from({ length: 4 }, () => api.charge('order-2', 'ada', 300));
    await until(() => gateway.calls === 1);
    gateway.hold = undefined;
    const late = api.charge('order-2', 'ada', 300);
    g.open();
    const settled = await Promise.allSettled([...first, late]);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(api.charges.has('order-2')).toBe(false);
    const retries = await Promise.all([1, 2, 3].map(async () => (await jitter(), api.charge('order-2', 'ada', 300))));
    expect(new Set(retries).size).toBe(1);
    expect(gateway.calls).toBe(2);
    expect(api.balance('ada')).toBe(300);
  });

  test('the same key with another amount, while the first is in flight, is refused', async () => {
    const g = gate();
    gateway.hold = g.wait;
    const first = api.charge('order-3', 'ada', 800);
    const other = api.charge('order-3', 'ada', 999);
    await expect(other).rejects.toBeInstanceOf(KeyReused);
    g.open();
    expect((await first).cents).toBe(800);
    expect(gateway.calls).toBe(1);
    expect(api.balance('ada')).toBe(800);
  });

  test('a held key does not hold the others: they finish while it waits', async () => {
    const g = gate();
    gateway.hold = g.wait;
    const held = api.charge('slow', 'ada', 1);
    await until(() => gateway.calls === 1);
    gateway.hold = undefined;
    const others = await Promise.all(['a', 'b', 'c'].map(async (k) => (await jitter(), api.charge(k, 'bob', 10))));
    expect(others.map((r) => r.id).sort()).toEqual([1, 2, 3]);
    expect(api.charges.completed).toBe(3);
    g.open();
    expect((await held).id).toBe(4);
    expect(api.charges.completed).toBe(4);
  });

  test('five refund keys for one receipt at once: exactly one refund, the balance restored once', async () => {
    const receipt = await api.charge('order-4', 'ada', 600);
    const settled = await Promise.allSettled(
      ['r1', 'r2', 'r3', 'r4', 'r5'].map(async (k) => (await jitter(), api.refund(k, receipt.id))),
    );
    const done = settled.filter((s) => s.status === 'fulfilled') as PromiseFulfilledResult<Receipt>[];
    expect(done).toHaveLength(1);
    const refused = settled.filter((s) => s.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.reason).toBeInstanceOf(AlreadyRefunded);
    expect(api.balance('ada')).toBe(0);
  });

  test('charges and retried refunds mixed at random moments keep every balance exact', async () => {
    const receipts = await Promise.all(
      [1, 2, 3, 4].map(async (i) => (await jitter(), api.charge(`c${i}`, 'ada', i * 100))),
    );
    const refunds = receipts
      .filter((r) => r.cents >= 300)
      .flatMap((r) => [1, 2, 3].map(async () => (await jitter(), api.refund(`refund-${r.id}`, r.id))));
    const more = [5, 6].map(async (i) => (await jitter(), api.charge(`c${i}`, 'ada', i * 100)));
    await Promise.all([...refunds, ...more]);
    expect(api.balance('ada')).toBe(100 + 200 + 500 + 600);
    expect(api.refunds.started).toBe(2);
    expect(gateway.calls).toBe(8);
  });
});
