import { BreakerOpen } from '../../src/circuit-breaker';
import { InventoryService, ServiceDown, StockClient } from '../../src/inventory';
import { gate, jitter, pause, until } from '../helpers';

/** A cooldown no test outlives: the circuit, once open, stays open for the rest of the test. */
const options = { windowSize: 10, failureThreshold: 3, cooldownMs: 60_000 };
/** A short cooldown that a test waits out (a lower bound: it pauses longer). */
const short = { ...options, cooldownMs: 30 };

async function openCircuit(client: StockClient, service: InventoryService): Promise<void> {
  service.failing = true;
  await Promise.allSettled([1, 2, 3].map(() => client.stock('bolt')));
  service.failing = false;
  expect(client.breaker.state).toBe('open');
}

describe('a breaker shared by concurrent lookups', () => {
  test('eight failing lookups started together all reach the service; the circuit opens once', async () => {
    const service = new InventoryService({ bolt: 40 });
    const client = new StockClient(service, options);
    service.failing = true;
    const settled = await Promise.allSettled(Array.from({ length: 8 }, () => client.stock('bolt')));
    for (const s of settled) expect((s as PromiseRejectedResult).reason).toBeInstanceOf(ServiceDown);
    expect(service.calls).toBe(8);
    expect(client.breaker.state).toBe('open');
    expect(client.breaker.transitions).toEqual(['closed->open']);
  });

  test('while open, concurrent lookups are turned away at once; known levels are served stale', async () => {
    const service = new InventoryService({ bolt: 40, nut: 12 });
    const client = new StockClient(service, options);
    await client.stock('nut');
    await openCircuit(client, service);
    const calls = service.calls;
    const settled = await Promise.allSettled(
      ['bolt', 'nut', 'bolt', 'nut', 'washer', 'nut'].map(async (sku) => (await jitter(), client.stock(sku))),
    );
    expect(service.calls).toBe(calls);
    const served = settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<unknown>).value);
    expect(served).toEqual([1, 2, 3].map(() => ({ sku: 'nut', units: 12, stale: true })));
    const refused = settled.filter((s) => s.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.reason).toBeInstanceOf(BreakerOpen);
  });

  test('half-open: of six lookups started together exactly one probe goes through', async () => {
    const service = new InventoryService({ bolt: 40 });
    const client = new StockClient(service, short);
    await openCircuit(client, service);
    await pause(short.cooldownMs + 10);
    const g = gate();
    service.hold = g.wait;
    const calls = service.calls;
    const lookups = Array.from({ length: 6 }, () => client.stock('bolt'));
    await until(() => service.inFlight === 1);
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
    expect(service.calls).toBe(calls + 1);
    expect(client.breaker.state).toBe('half-open');
    service.hold = undefined;
    g.open();
    const settled = await Promise.allSettled(lookups);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(client.breaker.rejected).toBe(5);
    expect(client.breaker.state).toBe('closed');
    const after = await Promise.all(Array.from({ length: 5 }, async () => (await jitter(), client.stock('bolt'))));
    expect(after.every((level) => level.units === 40 && !level.stale)).toBe(true);
  });

  test('a failed probe opens the circuit again and nobody slipped in beside it', async () => {
    const service = new InventoryService({ bolt: 40 });
    const client = new StockClient(service, short);
    await openCircuit(client, service);
    await pause(short.cooldownMs + 10);
    service.failing = true;
    const calls = service.calls;
    const settled = await Promise.allSettled(Array.from({ length: 4 }, () => client.stock('bolt')));
    expect(service.calls).toBe(calls + 1);
    expect(settled.filter((s) => (s as PromiseRejectedResult).reason instanceof ServiceDown)).toHaveLength(1);
    expect(client.breaker.state).toBe('open');
    expect(client.breaker.opened).toBe(2);
    expect(client.breaker.rejected).toBe(3);
  });

  test('slow successes admitted before the circuit opened do not close it when they end', async () => {
    const service = new InventoryService({ bolt: 40 });
    const client = new StockClient(service, options);
    const g = gate();
    service.hold = g.wait;
    const slow = [1, 2, 3].map(() => client.stock('bolt'));
    await until(() => service.inFlight === 3);
    service.hold = undefined;
    await openCircuit(client, service);
    g.open();
    const done = await Promise.all(slow);
    expect(done.every((level) => level.units === 40)).toBe(true);
    expect(client.breaker.state).toBe('open');
    expect(client.breaker.transitions).toEqual(['closed->open']);
  });

  test('twelve lookups at random moments with two failures: the circuit stays closed', async () => {
    const service = new InventoryService({ bolt: 40, nut: 12 });
    const client = new StockClient(service, { ...options, windowSize: 20 });
    const skus = ['bolt', 'nut', 'bad-a', 'bolt', 'nut', 'bolt', 'bad-b', 'nut', 'bolt', 'nut', 'bolt', 'nut'];
    const settled = await Promise.allSettled(skus.map(async (sku) => (await jitter(), client.stock(sku))));
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(2);
    const units = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.units] : []));
    expect(units.sort((a, b) => a - b)).toEqual([12, 12, 12, 12, 12, 40, 40, 40, 40, 40]);
    expect(client.breaker.state).toBe('closed');
    expect(client.breaker.failures).toBe(2);
  });

  test('two breakers are independent: one opens while the other keeps serving', async () => {
    const shaky = new InventoryService({ bolt: 40 });
    const steady = new InventoryService({ bolt: 7 });
    const a = new StockClient(shaky, options);
    const b = new StockClient(steady, options);
    shaky.failing = true;
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, async (_, i) => (await jitter(), (i % 2 ? a : b).stock('bolt'))),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(5);
    expect(a.breaker.state).toBe('open');
    expect(b.breaker.state).toBe('closed');
    expect(steady.calls).toBe(5);
    expect(shaky.calls).toBeGreaterThanOrEqual(3);
  });
});
