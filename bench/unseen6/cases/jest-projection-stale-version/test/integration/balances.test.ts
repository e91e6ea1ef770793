import { createBalances, rebuild } from '../../src/projection';
import { PricingApi, RateApi, RateCache } from '../../src/rates';

const table = { USD: 0.92, GBP: 1.17, CHF: 1.04 };
/** The bus redelivers what is not acknowledged within ackTimeoutMs; the pricing service usually answers in 1-3 ms, sometimes in 30-39 ms. */
const setup = (ackTimeoutMs: number) => {
  const api = new RateApi(table, { min: 2, max: 8 });
  const rates = new RateCache(api);
  const pricing = new PricingApi({ fastMaxMs: 3, slowShare: 0.3, slowMs: 30 });
  return { api, rates, pricing, ...createBalances({ ackTimeoutMs, maxDelayMs: 4 }, rates, pricing) };
};

describe('balances under concurrent traffic', () => {
  it('concurrent euro deposits to one account all reach its balance', async () => {
    const { ledger, bus, projection } = setup(500);
    await Promise.all([100, 200, 300, 400, 500].map((amount) => ledger.deposit('shop', amount)));
    await bus.drained();
    expect(projection.view('shop')).toMatchObject({ version: 5, balanceEurCents: 1500 });
  });

  it('a dollar payroll run: each deposit is counted once, also when redelivered', async () => {
    const { ledger, bus, projection, store, rates, pricing } = setup(6);
    const staff = ['us-1', 'us-2', 'us-3'];
    await Promise.all(staff.flatMap((account) => [1000, 2000, 3000].map((amount) => ledger.deposit(account, amount, 'USD'))));
    await bus.drained();
    for (const account of staff) expect(projection.view(account)).toEqual(await rebuild(store, rates, pricing, account));
  });

  it('each currency is looked up once however many events need it', async () => {
    const { api, ledger, bus } = setup(500);
    await Promise.all([
      ledger.deposit('a', 100, 'GBP'),
      ledger.deposit('b', 100, 'GBP'),
      ledger.deposit('c', 100, 'CHF'),
      ledger.deposit('d', 100, 'GBP'),
    ]);
    await bus.drained();
    expect(api.calls).toBe(2);
  });

  it('euro traffic over several accounts', async () => {
    const { ledger, bus, projection } = setup(500);
    await Promise.all(
      ['x', 'y', 'z'].flatMap((account) => [ledger.deposit(account, 1000), ledger.withdraw(account, 250), ledger.deposit(account, 50)]),
    );
    await bus.drained();
    for (const account of ['x', 'y', 'z']) expect(projection.view(account)).toMatchObject({ version: 3, balanceEurCents: 800 });
  });
});
