import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDedupe, stopDedupe } from '../../src/dedupe';
import { Ledger, ProviderDelivery, sign, WebhookReceiver, type PaymentEvent } from '../../src/webhooks';

function event(id: string, account: string, amountCents: number): PaymentEvent {
  return { id, account, amountCents, signature: sign({ id, account, amountCents }) };
}

function setup(providerTimeoutMs: number, ledgerLatencyMs: number) {
  const ledger = new Ledger(ledgerLatencyMs);
  const receiver = new WebhookReceiver(ledger);
  return { ledger, receiver, provider: new ProviderDelivery(receiver.receive, providerTimeoutMs) };
}

beforeEach(() => stopDedupe());
afterEach(() => stopDedupe());

describe('payment webhooks under concurrent deliveries', () => {
  it('many payments to one account at once are each credited once', async () => {
    startDedupe({ windowMs: 60_000, sweepEveryMs: 5 });
    const { ledger, provider } = setup(1000, 3);
    await Promise.all([100, 200, 300, 400, 500, 600].map((c, i) => provider.deliver(event(`pay-${i}`, 'acct-7', c))));
    expect(ledger.balance('acct-7')).toBe(2100);
    expect(ledger.entries).toHaveLength(6);
  });

  it('deliveries repeated after they finished are dropped', async () => {
    startDedupe({ windowMs: 1000, sweepEveryMs: 2 });
    const { ledger, receiver } = setup(1000, 3);
    const events = [event('pay-a', 'acct-1', 700), event('pay-b', 'acct-2', 900)];
    await Promise.all(events.map((e) => receiver.receive(e)));
    const again = await Promise.all(events.map((e) => receiver.receive(e)));
    expect(again).toEqual(['duplicate', 'duplicate']);
    expect([ledger.balance('acct-1'), ledger.balance('acct-2')]).toEqual([700, 900]);
  });

  it('a retry sent while the first delivery is still processing is not credited again', async () => {
    startDedupe({ windowMs: 2, sweepEveryMs: 1 });
    const { ledger, provider } = setup(3, 6);
    await provider.deliver(event('pay-x', 'acct-3', 1500));
    expect(ledger.balance('acct-3')).toBe(1500);
  });

  it('a forged delivery among real ones is refused and changes nothing', async () => {
    startDedupe({ windowMs: 60_000, sweepEveryMs: 5 });
    const { ledger, receiver } = setup(1000, 3);
    const results = await Promise.allSettled([
      receiver.receive(event('pay-1', 'acct-5', 100)),
      receiver.receive({ ...event('pay-2', 'acct-5', 99_999), signature: 'forged' }),
      receiver.receive(event('pay-3', 'acct-5', 200)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(ledger.balance('acct-5')).toBe(300);
  });
});
