import { IdempotencyStore } from './idempotency';

export class Declined extends Error {
  constructor(readonly account: string) {
    super(`card of ${account} declined`);
    this.name = 'Declined';
  }
}

export class AlreadyRefunded extends Error {
  constructor(readonly receipt: number) {
    super(`receipt ${receipt} is already refunded`);
    this.name = 'AlreadyRefunded';
  }
}

/** A stand-in for a card gateway: slow, can be held at a gate, can fail transiently. */
export class Gateway {
  calls = 0;
  transientFailures = 0;
  hold?: Promise<void>;
  readonly declined = new Set<string>();

  async authorize(account: string, cents: number): Promise<string> {
    this.calls++;
    const hold = this.hold;
    const fail = this.transientFailures > 0 ? this.transientFailures-- > 0 : false;
    if (hold) await hold;
    await new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5)));
    if (fail) throw new Error('gateway timeout');
    if (this.declined.has(account)) throw new Declined(account);
    return `auth-${account}-${cents}-${this.calls}`;
  }
}

export interface Receipt {
  id: number;
  account: string;
  cents: number;
  auth: string;
}

export class PaymentsApi {
  readonly charges = new IdempotencyStore<Receipt>();
  readonly refunds = new IdempotencyStore<Receipt>();
  readonly balances = new Map<string, number>();
  readonly receipts: Receipt[] = [];
  private readonly refunded = new Set<number>();

  constructor(readonly gateway: Gateway) {}

  charge(key: string, account: string, cents: number): Promise<Receipt> {
    return this.charges.run(key, `${account}:${cents}`, async () => {
      const auth = await this.gateway.authorize(account, cents);
      // Posting is one synchronous step after the await: receipt number and balance together.
      const receipt = { id: this.receipts.length + 1, account, cents, auth };
      this.receipts.push(receipt);
      this.balances.set(account, (this.balances.get(account) ?? 0) + cents);
      return receipt;
    });
  }

  refund(key: string, receiptId: number): Promise<Receipt> {
    return this.refunds.run(key, `refund:${receiptId}`, async () => {
      const receipt = this.receipts[receiptId - 1];
      if (!receipt) throw new Error(`no receipt ${receiptId}`);
      // Claimed before the await, so a second refund of the same receipt is refused at once.
      if (this.refunded.has(receiptId)) throw new AlreadyRefunded(receiptId);
      this.refunded.add(receiptId);
      try {
        await this.gateway.authorize(receipt.account, -receipt.cents);
      } catch (err) {
        this.refunded.delete(receiptId);
        throw err;
      }
      this.balances.set(receipt.account, (this.balances.get(receipt.account) ?? 0) - receipt.cents);
      return receipt;
    });
  }

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }
}
