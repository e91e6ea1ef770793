import { BreakerOpen } from '../../src/circuit-breaker';
import { InventoryService, ServiceDown, StockClient } from '../../src/inventory';
import { pause } from '../helpers';

const options = { windowSize: 5, failureThreshold: 3, cooldownMs: 30 };

describe('stock client, one lookup at a time', () => {
  test('a healthy service answers and the circuit stays closed', async () => {
    const client = new StockClient(new InventoryService({ bolt: 40, nut: 12 }), options);
    expect(await client.stock('bolt')).toEqual({ sku: 'bolt', units: 40, stale: false });
    expect(await client.stock('nut')).toEqual({ sku: 'nut', units: 12, stale: false });
    expect(client.breaker.state).toBe('closed');
    expect(client.breaker.transitions).toEqual([]);
  });

  test('three failures in a row open the circuit; the next lookup never reaches the service', async () => {
    const service = new InventoryService({ bolt: 40 });
    const client = new StockClient(service, options);
    service.failing = true;
    for (let i = 0; i < 3; i++) await expect(client.stock('bolt')).rejects.toBeInstanceOf(ServiceDown);
    expect(client.breaker.state).toBe('open');
    await expect(client.stock('bolt')).rejects.toBeInstanceOf(BreakerOpen);
    expect(service.calls).toBe(3);
  });

  test('while open, the last level seen is served as stale', async () => {
    const service = new InventoryService({ bolt: 40 });
    const client = new StockClient(service, options);
    await client.stock('bolt');
    service.failing = true;
    for (let i = 0; i < 3; i++) await expect(client.stock('bolt')).rejects.toThrow();
    expect(await client.stock('bolt')).toEqual({ sku: 'bolt', units: 40, stale: true });
    expect(service.calls).toBe(4);
  });

  test('after the cooldown one successful probe closes the circuit', async () => {
    const service = new InventoryService({ bolt: 40 });
    const client = new StockClient(service, options);
    service.failing = true;
    for (let i = 0; i < 3; i++) await expect(client.stock('bolt')).rejects.toThrow();
    service.failing = false;
    await pause(options.cooldownMs + 10);
    expect(await client.stock('bolt')).toEqual({ sku: 'bolt', units: 40, stale: false });
    expect(client.breaker.transitions).toEqual(['closed->open', 'open->half-open', 'half-open->closed']);
    expect(client.breaker.failures).toBe(0);
  });

  test('old failures fall out of the window', async () => {
    const service = new InventoryService({ bolt: 1 });
    const client = new StockClient(service, { windowSize: 3, failureThreshold: 2, cooldownMs: 30 });
    await expect(client.stock('bad-1')).rejects.toThrow();
    await client.stock('bolt');
    await client.stock('bolt');
    await client.stock('bolt');
    await expect(client.stock('bad-2')).rejects.toThrow();
    expect(client.breaker.failures).toBe(1);
    expect(client.breaker.state).toBe('closed');
  });
});
