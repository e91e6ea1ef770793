import { claim, complete, release } from './dedupe';

export interface PaymentEvent {
  id: string;
  account: string;
  amountCents: number;
  signature: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const sign = (e: Omit<PaymentEvent, 'signature'>) => `sig:${e.id}:${e.account}:${e.amountCents}`;

/** Account balances in a fake database; each account's credits run one at a time on a promise chain. */
export class Ledger {
  private readonly balances = new Map<string, number>();
  private readonly chains = new Map<string, Promise<unknown>>();
  readonly entries: string[] = [];

  constructor(private readonly maxLatencyMs = 6) {}

  credit(account: string, amountCents: number, ref: string): Promise<number> {
    const previous = this.chains.get(account) ?? Promise.resolve();
    const next = previous.then(async () => {
      const balance = this.balances.get(account) ?? 0;
      await pause(1 + Math.floor(Math.random() * this.maxLatencyMs));
      this.balances.set(account, balance + amountCents);
      this.entries.push(ref);
      return balance + amountCents;
    });
    this.chains.set(account, next.catch(() => undefined));
    return next;
  }

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }
}

/** POST /webhooks/payments */
export class WebhookReceiver {
  applied = 0;

  constructor(private readonly ledger: Ledger) {}

  receive = async (event: PaymentEvent): Promise<'applied' | 'duplicate'> => {
    if (event.signature !== sign(event)) throw new Error('401 bad signature');
    if (!claim(event.id)) return 'duplicate';
    try {
      await this.ledger.credit(event.account, event.amountCents, event.id);
    } catch (error) {
      release(event.id);
      throw error;
    }
    complete(event.id);
    this.applied++;
    return 'applied';
  };
}

/** The payment provider's side: it retries a delivery that got no answer within its timeout. */
export class ProviderDelivery {
  retries = 0;

  constructor(private readonly endpoint: (e: PaymentEvent) => Promise<unknown>, private readonly timeoutMs: number) {}

  async deliver(event: PaymentEvent): Promise<void> {
    const first = this.endpoint(event);
    const timedOut = await Promise.race([first.then(() => false), pause(this.timeoutMs).then(() => true)]);
    if (!timedOut) return;
    this.retries++;
    await Promise.all([first, this.endpoint(event)]);
  }
}
