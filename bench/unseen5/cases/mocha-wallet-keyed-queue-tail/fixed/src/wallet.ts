import { setTimeout as sleep } from 'node:timers/promises';
import { createMemoryJournal, runSerial, type Journal } from './keyed-queue';

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A fake wallet table: balances in cents, one round trip per call. */
export class WalletStore {
  private readonly balances = new Map<string, number>();

  open(account: string, cents: number): void {
    this.balances.set(account, cents);
  }

  async read(account: string): Promise<number> {
    await sleep(between(1, 3));
    const cents = this.balances.get(account);
    if (cents === undefined) throw new Error(`no wallet ${account}`);
    return cents;
  }

  async write(account: string, cents: number): Promise<void> {
    await sleep(between(1, 3));
    this.balances.set(account, cents);
  }
}

export class InsufficientFunds extends Error {
  constructor(account: string, balance: number, wanted: number) {
    super(`wallet ${account} has ${balance} cents, ${wanted} wanted`);
    this.name = 'InsufficientFunds';
  }
}

/** Applies balance changes, one at a time per wallet. */
export class Ledger {
  constructor(
    private readonly store: WalletStore,
    private readonly journal: Journal = createMemoryJournal(),
  ) {}

  apply(account: string, delta: number, label: string): Promise<number> {
    return runSerial(this.journal, `wallet:${account}`, label, async () => {
      const balance = await this.store.read(account);
      if (balance + delta < 0) throw new InsufficientFunds(account, balance, -delta);
      await this.store.write(account, balance + delta);
      return balance + delta;
    });
  }

  balance(account: string): Promise<number> {
    return this.store.read(account);
  }
}

export type ChargeResult = { ok: true; balance: number } | { ok: false; reason: string };

/** The payments API: charges, refunds and transfers between wallets. */
export class PaymentsService {
  constructor(private readonly ledger: Ledger) {}

  async charge(account: string, cents: number, reference: string): Promise<ChargeResult> {
    if (!Number.isInteger(cents) || cents <= 0) return { ok: false, reason: 'amount must be a positive number of cents' };
    try {
      return { ok: true, balance: await this.ledger.apply(account, -cents, `charge ${reference}`) };
    } catch (err) {
      if (err instanceof InsufficientFunds) return { ok: false, reason: err.message };
      throw err;
    }
  }

  async refund(account: string, cents: number, reference: string): Promise<number> {
    if (!Number.isInteger(cents) || cents <= 0) throw new Error('amount must be a positive number of cents');
    return this.ledger.apply(account, cents, `refund ${reference}`);
  }

  async transfer(from: string, to: string, cents: number, reference: string): Promise<ChargeResult> {
    const debit = await this.charge(from, cents, reference);
    if (!debit.ok) return debit;
    await this.ledger.apply(to, cents, `transfer in ${reference}`);
    return debit;
  }
}
