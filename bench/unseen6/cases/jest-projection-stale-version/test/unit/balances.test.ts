import { EventStore } from '../../src/events';
import { BalanceProjection, createBalances, rebuild } from '../../src/projection';
import { PricingApi, RateApi, RateCache } from '../../src/rates';

const rates = () => new RateCache(new RateApi({ USD: 0.92, GBP: 1.17 }, { min: 1, max: 2 }));
const pricing = () => new PricingApi({ fastMaxMs: 2, slowShare: 0, slowMs: 0 });
const options = { ackTimeoutMs: 1000, maxDelayMs: 0 };

describe('balances', () => {
  it('a deposit and a withdrawal reach the balance', async () => {
    const { ledger, bus, projection } = createBalances(options, rates(), pricing());
    await ledger.deposit('acc-1', 5000);
    await ledger.withdraw('acc-1', 1200);
    await bus.drained();
    expect(projection.view('acc-1')).toEqual({ account: 'acc-1', version: 2, balanceEurCents: 3800, lastEventType: 'withdrawn' });
  });

  it('converts foreign currencies to euro cents, less a one per cent fee', async () => {
    const { ledger, bus, projection } = createBalances(options, rates(), pricing());
    await ledger.deposit('acc-2', 1000, 'USD');
    await ledger.deposit('acc-2', 1000, 'GBP');
    await bus.drained();
    expect(projection.view('acc-2').balanceEurCents).toBe(920 - 10 + 1170 - 12);
  });

  it('refuses amounts that are not positive whole numbers', async () => {
    const { ledger } = createBalances(options, rates(), pricing());
    await expect(ledger.deposit('acc-3', 0)).rejects.toThrow(/positive whole number/);
    await expect(ledger.withdraw('acc-3', 2.5)).rejects.toThrow(/positive whole number/);
  });

  it('an event ahead of the view waits for the missing one', async () => {
    const projection = new BalanceProjection(rates(), pricing());
    await projection.handle({ stream: 'a', version: 2, type: 'deposited', amount: 300, currency: 'EUR' });
    expect(projection.view('a').version).toBe(0);
    expect(projection.parkedCount).toBe(1);
    await projection.handle({ stream: 'a', version: 1, type: 'deposited', amount: 100, currency: 'EUR' });
    expect(projection.view('a')).toMatchObject({ version: 2, balanceEurCents: 400 });
    expect(projection.parkedCount).toBe(0);
  });

  it('an event delivered again after it was applied is ignored', async () => {
    const projection = new BalanceProjection(rates(), pricing());
    const event = { stream: 'b', version: 1, type: 'deposited' as const, amount: 700, currency: 'USD' };
    await projection.handle(event);
    await projection.handle({ ...event });
    expect(projection.view('b').balanceEurCents).toBe(644 - 7);
    expect(projection.ignored).toBe(1);
  });

  it('the rebuild from the store gives the same view', async () => {
    const cache = rates();
    const fees = pricing();
    const { ledger, bus, projection, store } = createBalances(options, cache, fees);
    await ledger.deposit('acc-4', 2000, 'GBP');
    await ledger.withdraw('acc-4', 500);
    await bus.drained();
    expect(await rebuild(store, cache, fees, 'acc-4')).toEqual(projection.view('acc-4'));
    expect(await rebuild(new EventStore(), cache, fees, 'none')).toMatchObject({ version: 0, balanceEurCents: 0 });
  });
});
