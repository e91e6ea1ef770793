import { FencedError, Message, OffsetStore, OrderDb, PartitionLog } from './broker';

/** A counting semaphore with FIFO hand-off: a released permit goes straight to the next waiter. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];
  inUse = 0;
  maxInUse = 0;

  constructor(private readonly permits: number) {}

  acquire(): Promise<void> {
    if (this.inUse < this.permits) {
      this.inUse++;
      this.maxInUse = Math.max(this.maxInUse, this.inUse);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.inUse--;
  }
}

export type Handler<T> = (message: Message<T>, generation: number) => Promise<void>;

/**
 * Consumes one partition with up to `concurrency` messages in flight, committing the offset
 * after each message is handled so that a restart resumes where this one stopped.
 */
export class PartitionConsumer<T> {
  private readonly permits: Semaphore;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  handled = 0;
  // Offsets handled out of order, waiting for the ones below them.
  private readonly done = new Set<number>();
  private lowWater = 0;
  private commits: Promise<void> = Promise.resolve();
  readonly deadLetters: Array<{ offset: number; error: string }> = [];

  constructor(
    private readonly log: PartitionLog<T>,
    private readonly offsets: OffsetStore,
    private readonly handler: Handler<T>,
    private readonly generation: number,
    concurrency: number,
  ) {
    this.permits = new Semaphore(concurrency);
  }

  get maxInFlight(): number {
    return this.permits.maxInUse;
  }

  /** Runs until the partition's end is handled, or until stop(). */
  async run(): Promise<void> {
    let next = await this.offsets.read(this.log.partition);
    this.lowWater = next;
    while (!this.stopped && next < this.log.end) {
      const batch = await this.log.fetch(next, 4);
      for (const message of batch) {
        await this.permits.acquire();
        if (this.stopped) {
          this.permits.release();
          break;
        }
        this.dispatch(message);
        next = message.offset + 1;
      }
    }
    await Promise.allSettled([...this.inFlight]);
  }

  /** The group is rebalanced away from this consumer: fetch nothing more. */
  stop(): void {
    this.stopped = true;
  }

  private dispatch(message: Message<T>): void {
    const work = this.handler(message, this.generation)
      .then(() => {
        this.handled++;
        return this.complete(message.offset);
      })
      .catch((err) => {
        if (err instanceof FencedError) return;
        this.deadLetters.push({ offset: message.offset, error: String(err) });
        return this.complete(message.offset);
      })
      .finally(() => {
        this.inFlight.delete(work);
        this.permits.release();
      });
    this.inFlight.add(work);
  }

  /** Commits only up to the first offset not handled yet, one commit after the other. */
  private complete(offset: number): Promise<void> {
    this.done.add(offset);
    const before = this.lowWater;
    while (this.done.has(this.lowWater)) this.done.delete(this.lowWater++);
    if (this.lowWater === before) return this.commits;
    const target = this.lowWater;
    this.commits = this.commits
      .then(() => this.offsets.commit(this.log.partition, target, this.generation))
      .catch((err) => {
        if (!(err instanceof FencedError)) throw err;
      });
    return this.commits;
  }
}

export interface Order {
  id: string;
  sku: string;
  qty: number;
}

/** The fulfilment worker's handler: reserve stock in the warehouse, then mark the order fulfilled. */
export function fulfilmentHandler(db: OrderDb, warehouse: (order: Order) => Promise<void>): Handler<Order> {
  return async (message, generation) => {
    if (message.value.qty <= 0) throw new Error(`order ${message.value.id} has no quantity`);
    await warehouse(message.value);
    await db.markFulfilled(message.value.id, generation);
  };
}

/** Starts a consumer for the partition in the group's current generation. */
export function startWorker(log: PartitionLog<Order>, offsets: OffsetStore, db: OrderDb, warehouse: (order: Order) => Promise<void>, concurrency = 3) {
  const consumer = new PartitionConsumer(log, offsets, fulfilmentHandler(db, warehouse), offsets.currentGeneration, concurrency);
  return { consumer, done: consumer.run() };
}
