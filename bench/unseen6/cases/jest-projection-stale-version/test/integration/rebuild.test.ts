import { createBalances, rebuild } from '../../src/projection';
import { PricingApi, RateApi, RateCache } from '../../src/rates';

const table = { USD: 0.92, GBP: 1.17 };
const setup = (options: { ackTimeoutMs: number; maxDelayMs: number }) => {
  const rates = new RateCache(new RateApi(table, { min: 2, max: 8 }));
  const pricing = new PricingApi({ fastMaxMs: 3, slowShare: 0.3, slowMs: 30 });
  return { rates, pricing, ...createBalances(options, rates, pricing) };
};

describe('the live view against a rebuild from the store', () => {
  it('a burst of pound payments with redeliveries: the live view equals the rebuild', async () => {
    const { rates, pricing, ledger, bus, projection, store } = setup({ ackTimeoutMs: 6, maxDelayMs: 4 });
    const accounts = ['uk-1', 'uk-2', 'uk-3'];
    await Promise.all(
      accounts.flatMap((account) => [ledger.deposit(account, 4000, 'GBP'), ledger.withdraw(account, 1000, 'GBP'), ledger.deposit(account, 500, 'GBP')]),
    );
    await bus.drained();
    for (const account of accounts) expect(projection.view(account)).toEqual(await rebuild(store, rates, pricing, account));
  });

  it('concurrent writers to one account get consecutive versions', async () => {
    const { ledger, store, bus } = setup({ ackTimeoutMs: 500, maxDelayMs: 4 });
    const events = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => ledger.deposit('busy', n * 10)));
    await bus.drained();
    expect(events.map((e) => e.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(store.read('busy').map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('deliveries out of order are parked until the gap is filled', async () => {
    const { ledger, bus, projection, store, rates, pricing } = setup({ ackTimeoutMs: 500, maxDelayMs: 15 });
    await Promise.all([ledger.deposit('p', 10), ledger.deposit('p', 20), ledger.deposit('p', 30), ledger.deposit('p', 40)]);
    await bus.drained();
    expect(projection.parkedCount).toBe(0);
    expect(projection.view('p')).toEqual(await rebuild(store, rates, pricing, 'p'));
  });
});
