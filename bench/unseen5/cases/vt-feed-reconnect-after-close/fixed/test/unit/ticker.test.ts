import { describe, expect, it } from 'vitest';
import { FakeBroker } from '../../src/broker';
import { PriceTicker } from '../../src/ticker';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function until(cond: () => boolean, ms = 500): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await wait(2);
  }
}

describe('price ticker', () => {
  it('keeps the latest price of each subscribed symbol', async () => {
    const broker = new FakeBroker();
    const ticker = new PriceTicker(broker, ['ACME', 'GLOBEX']);
    await ticker.start();
    broker.publish('ACME', 101.5);
    broker.publish('GLOBEX', 44);
    broker.publish('ACME', 102);
    broker.publish('INITECH', 9);
    expect(ticker.latest('ACME')).toBe(102);
    expect(ticker.latest('GLOBEX')).toBe(44);
    expect(ticker.latest('INITECH')).toBeUndefined();
    ticker.stop();
  });

  it('stop closes the connection', async () => {
    const broker = new FakeBroker();
    const ticker = new PriceTicker(broker, ['ACME']);
    await ticker.start();
    ticker.stop();
    expect(broker.openSockets).toBe(0);
    expect(broker.publish('ACME', 1)).toBe(0);
  });

  it('reconnects after the broker drops the connection', async () => {
    const broker = new FakeBroker();
    const ticker = new PriceTicker(broker, ['ACME']);
    await ticker.start();
    broker.dropAll();
    await until(() => ticker.online);
    expect(ticker.reconnects).toBe(1);
    broker.publish('ACME', 7);
    expect(ticker.latest('ACME')).toBe(7);
    ticker.stop();
  });

  it('keeps retrying while the broker is down', async () => {
    const broker = new FakeBroker([1, 2]);
    const ticker = new PriceTicker(broker, ['ACME'], { backoffMs: 2 });
    await ticker.start();
    broker.down = true;
    broker.dropAll();
    await until(() => broker.dials >= 3);
    broker.down = false;
    await until(() => ticker.online);
    expect(broker.openSockets).toBe(1);
    ticker.stop();
  });

  it('stopping during the backoff cancels the reconnect', async () => {
    const broker = new FakeBroker();
    const ticker = new PriceTicker(broker, ['ACME'], { backoffMs: 40 });
    await ticker.start();
    broker.dropAll();
    await wait(5);
    ticker.stop();
    await wait(60);
    expect(broker.dials).toBe(1);
    expect(broker.openSockets).toBe(0);
  });

  it('refuses a ticker without symbols', () => {
    expect(() => new PriceTicker(new FakeBroker(), [])).toThrow('at least one symbol');
  });
});
