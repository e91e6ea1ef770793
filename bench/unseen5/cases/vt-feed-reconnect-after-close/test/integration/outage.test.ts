import { describe, expect, it } from 'vitest';
import { FakeBroker } from '../../src/broker';
import { PriceTicker } from '../../src/ticker';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

async function until(cond: () => boolean, ms = 500): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await wait(2);
  }
}

describe('tickers through a broker outage', () => {
  it('a dashboard shut down during a broker restart stays closed', async () => {
    const broker = new FakeBroker();
    const ticker = new PriceTicker(broker, ['ACME', 'GLOBEX']);
    await ticker.start();
    broker.dropAll();
    await wait(between(0, 20));
    ticker.stop();
    await wait(40);
    expect(broker.publish('ACME', 99)).toBe(0);
    expect(broker.openSockets).toBe(0);
    expect(ticker.lateTicks).toBe(0);
  });

  it('several dashboards come back after a restart', async () => {
    const broker = new FakeBroker();
    const tickers = [new PriceTicker(broker, ['ACME']), new PriceTicker(broker, ['ACME', 'GLOBEX']), new PriceTicker(broker, ['GLOBEX'])];
    await Promise.all(tickers.map((t) => t.start()));
    broker.dropAll();
    await until(() => tickers.every((t) => t.online));
    broker.publish('ACME', 12);
    broker.publish('GLOBEX', 34);
    expect(tickers.map((t) => [t.latest('ACME'), t.latest('GLOBEX')])).toEqual([[12, undefined], [12, 34], [undefined, 34]]);
    tickers.forEach((t) => t.stop());
    expect(broker.openSockets).toBe(0);
  });

  it('dashboards started and stopped together leave nothing open', async () => {
    const broker = new FakeBroker();
    const tickers = Array.from({ length: 4 }, () => new PriceTicker(broker, ['ACME']));
    await Promise.all(tickers.map((t) => t.start()));
    expect(broker.publish('ACME', 5)).toBe(4);
    tickers.forEach((t) => t.stop());
    await wait(20);
    expect(broker.openSockets).toBe(0);
    expect(tickers.every((t) => t.latest('ACME') === 5)).toBe(true);
  });
});
