import { setTimeout as sleep } from 'node:timers/promises';

export interface Change {
  seq: number;
  op: 'credit' | 'debit';
  amount: number;
}

/** The upstream change feed: `since(cursor)` is a slow network call. */
export class ChangeFeed {
  private readonly changes: Change[] = [];

  publish(op: Change['op'], amount: number): Change {
    const change = { seq: this.changes.length + 1, op, amount };
    this.changes.push(change);
    return change;
  }

  async since(cursor: number): Promise<Change[]> {
    const out = this.changes.filter((c) => c.seq > cursor);
    await sleep(6);
    return out;
  }
}

/** The local replica the syncer keeps up to date. */
export class Ledger {
  balance = 0;
  readonly applied: number[] = [];

  async apply(change: Change): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.balance += change.op === 'credit' ? change.amount : -change.amount;
    this.applied.push(change.seq);
  }
}
