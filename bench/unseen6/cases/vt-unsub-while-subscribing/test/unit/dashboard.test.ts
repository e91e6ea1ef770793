import { describe, expect, it } from 'vitest';
import { Dashboard } from '../../src/dashboard';
import { FakeBroker, PubSubClient } from '../../src/pubsub';

function setup() {
  const broker = new FakeBroker();
  const client = new PubSubClient(broker);
  return { broker, client, dashboard: new Dashboard(client) };
}

describe('dashboard', () => {
  it('an open panel shows the latest price', async () => {
    const { broker, dashboard } = setup();
    const panel = await dashboard.openPanel('p1', 'AAPL');
    broker.publish('ticker:AAPL', '189.5');
    broker.publish('ticker:AAPL', '190.25');
    expect(panel.last).toBe(190.25);
    expect(panel.updates).toBe(2);
  });

  it('closing a panel unsubscribes its topic', async () => {
    const { broker, dashboard } = setup();
    const panel = await dashboard.openPanel('p1', 'MSFT');
    await dashboard.closePanel('p1');
    expect(broker.subscriberCount('ticker:MSFT')).toBe(0);
    expect(broker.publish('ticker:MSFT', '400')).toBe(0);
    expect(panel.updates).toBe(0);
  });

  it('two panels of one symbol share the subscription', async () => {
    const { broker, dashboard } = setup();
    const a = await dashboard.openPanel('p1', 'TSLA');
    const b = await dashboard.openPanel('p2', 'TSLA');
    expect(broker.subscriberCount('ticker:TSLA')).toBe(1);
    await dashboard.closePanel('p1');
    broker.publish('ticker:TSLA', '250');
    expect([a.updates, b.updates]).toEqual([0, 1]);
  });

  it('refuses an unknown symbol and a panel id twice', async () => {
    const { dashboard } = setup();
    await expect(dashboard.openPanel('p1', 'bad symbol')).rejects.toThrow(/unknown symbol/);
    await dashboard.openPanel('p1', 'IBM');
    await expect(dashboard.openPanel('p1', 'IBM')).rejects.toThrow(/already open/);
    expect(dashboard.open).toEqual(['p1']);
  });

  it('closing a panel that is not open does nothing', async () => {
    const { dashboard, client } = setup();
    await dashboard.closePanel('nope');
    expect(client.strays).toBe(0);
  });
});
