import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../src/dashboard';
import { FakeBroker, PubSubClient } from '../../src/pubsub';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomOffset = (max: number) => Math.floor(Math.random() * max);

function setup() {
  const broker = new FakeBroker();
  const client = new PubSubClient(broker);
  return { broker, client, dashboard: new Dashboard(client) };
}

describe('dashboard while the user clicks around', () => {
  it('panels of different symbols opened at once all get their ticks', async () => {
    const { broker, dashboard } = setup();
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'AMZN'];
    const panels = await Promise.all(symbols.map((s, i) => dashboard.openPanel(`p${i}`, s)));
    symbols.forEach((s, i) => broker.publish(`ticker:${s}`, String(100 + i)));
    expect(panels.map((p) => p.last)).toEqual([100, 101, 102, 103]);
  });

  it('a panel closed while it is still opening receives nothing afterwards', async () => {
    const { broker, dashboard } = setup();
    const opening = dashboard.openPanel('p1', 'AAPL');
    await sleep(randomOffset(9));
    await Promise.all([opening, dashboard.closePanel('p1')]);
    const panel = await opening;
    broker.publish('ticker:AAPL', '191');
    expect(panel.updates).toBe(0);
    expect(broker.subscriberCount('ticker:AAPL')).toBe(0);
  });

  it('closing one of two open panels of a symbol keeps the other updating', async () => {
    const { broker, dashboard } = setup();
    const first = await dashboard.openPanel('p1', 'NVDA');
    const second = await dashboard.openPanel('p2', 'NVDA');
    await Promise.all([dashboard.closePanel('p1'), dashboard.openPanel('p3', 'AMD')]);
    broker.publish('ticker:NVDA', '880');
    expect([first.updates, second.updates]).toEqual([0, 1]);
    expect(broker.subscriberCount('ticker:NVDA')).toBe(1);
  });

  it('panels closed after they opened leave no subscription behind', async () => {
    const { broker, dashboard } = setup();
    await Promise.all(['IBM', 'ORCL', 'SAP'].map((s, i) => dashboard.openPanel(`p${i}`, s)));
    await Promise.all([0, 1, 2].map((i) => dashboard.closePanel(`p${i}`)));
    expect(['IBM', 'ORCL', 'SAP'].map((s) => broker.subscriberCount(`ticker:${s}`))).toEqual([0, 0, 0]);
  });
});
