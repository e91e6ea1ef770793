import type { PointsStore } from './store';

export class InsufficientPoints extends Error {
  constructor(readonly memberId: string, readonly balance: number, readonly wanted: number) {
    super(`member ${memberId} has ${balance} points, needs ${wanted}`);
    this.name = 'InsufficientPoints';
  }
}

/** One promise chain per key: holders of the same key run one after another. */
export class KeyedMutex<K> {
  private readonly tails = new Map<K, Promise<void>>();

  async acquire(key: K): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    const tail = previous.then(() => held);
    this.tails.set(key, tail);
    await previous;
    return () => {
      open();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  get keysHeld(): number {
    return this.tails.size;
  }
}

/** The member's balance lives in the store; every change goes through `adjust` under the member's lock. */
export class PointsLedger {
  private readonly locks = new KeyedMutex<string>();

  constructor(private readonly store: PointsStore) {}

  async balance(memberId: string): Promise<number> {
    return (await this.store.get(memberId)).points;
  }

  credit(memberId: string, points: number, reason: string): Promise<number> {
    if (points <= 0) throw new RangeError('credit must be positive');
    return this.adjust(memberId, points, reason);
  }

  debit(memberId: string, points: number, reason: string): Promise<number> {
    if (points <= 0) throw new RangeError('debit must be positive');
    return this.adjust(memberId, -points, reason);
  }

  async adjust(memberId: string, delta: number, reason: string): Promise<number> {
    const release = await this.locks.acquire(memberId);
    try {
      // Await inside the try: the lock is released only after the adjustment has been written.
      return await this.apply(memberId, delta, reason);
    } finally {
      release();
    }
  }

  private async apply(memberId: string, delta: number, reason: string): Promise<number> {
    const account = await this.store.get(memberId);
    const next = account.points + delta;
    if (next < 0) throw new InsufficientPoints(memberId, account.points, -delta);
    await this.store.put({ ...account, points: next, version: account.version + 1 });
    await this.store.appendHistory({ memberId, delta, reason, balance: next });
    return next;
  }
}
