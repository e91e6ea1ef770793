import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claim, complete, dedupeStats, release, startDedupe, stopDedupe, tracked } from '../../src/dedupe';
import { Ledger, sign, WebhookReceiver, type PaymentEvent } from '../../src/webhooks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function event(id: string, account: string, amountCents: number): PaymentEvent {
  return { id, account, amountCents, signature: sign({ id, account, amountCents }) };
}

beforeEach(() => startDedupe({ windowMs: 60_000, sweepEveryMs: 1000 }));
afterEach(() => stopDedupe());

describe('dedupe window', () => {
  it('claims an id once', () => {
    expect(claim('e1')).toBe(true);
    expect(claim('e1')).toBe(false);
    expect(dedupeStats.duplicates).toBe(1);
  });

  it('a released id can be claimed again', () => {
    expect(claim('e2')).toBe(true);
    release('e2');
    expect(claim('e2')).toBe(true);
  });

  it('the sweeper forgets finished ids once the window has passed', async () => {
    startDedupe({ windowMs: 1, sweepEveryMs: 2 });
    claim('e3');
    complete('e3');
    await sleep(30);
    expect(tracked()).toBe(0);
    expect(claim('e3')).toBe(true);
  });
});

describe('webhook receiver', () => {
  it('credits the account of a payment', async () => {
    const ledger = new Ledger();
    const receiver = new WebhookReceiver(ledger);
    expect(await receiver.receive(event('p1', 'acct-1', 1250))).toBe('applied');
    expect(ledger.balance('acct-1')).toBe(1250);
  });

  it('a second delivery of a finished payment is a duplicate', async () => {
    const ledger = new Ledger();
    const receiver = new WebhookReceiver(ledger);
    await receiver.receive(event('p2', 'acct-1', 500));
    expect(await receiver.receive(event('p2', 'acct-1', 500))).toBe('duplicate');
    expect(ledger.balance('acct-1')).toBe(500);
  });

  it('refuses a bad signature', async () => {
    const receiver = new WebhookReceiver(new Ledger());
    await expect(receiver.receive({ ...event('p3', 'acct-1', 1), signature: 'forged' })).rejects.toThrow(/401/);
    expect(tracked()).toBe(0);
  });
});
