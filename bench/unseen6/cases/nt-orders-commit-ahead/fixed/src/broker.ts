import { EventEmitter } from 'node:events';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const jitter = (max: number) => 1 + Math.floor(Math.random() * max);

export interface Message<T> {
  partition: string;
  offset: number;
  value: T;
}

/** One partition of a log: append-only, read by offset. */
export class PartitionLog<T> {
  private readonly messages: T[] = [];
  constructor(readonly partition: string) {}

  append(...values: T[]): void {
    this.messages.push(...values);
  }

  get end(): number {
    return this.messages.length;
  }

  async fetch(from: number, max: number): Promise<Message<T>[]> {
    await sleep(jitter(2));
    return this.messages.slice(from, from + max).map((value, i) => ({ partition: this.partition, offset: from + i, value }));
  }
}

export class FencedError extends Error {}

/**
 * Committed offsets per consumer group and partition. A commit names the group generation it
 * belongs to; after a rebalance the old generation's commits are refused, as a broker does.
 * Emits 'committed' (partition, offset) after each accepted commit.
 */
export class OffsetStore extends EventEmitter {
  private readonly offsets = new Map<string, number>();
  private generation = 1;
  commits = 0;

  get currentGeneration(): number {
    return this.generation;
  }

  rebalance(): number {
    return ++this.generation;
  }

  async read(partition: string): Promise<number> {
    await sleep(1);
    return this.offsets.get(partition) ?? 0;
  }

  async commit(partition: string, offset: number, generation: number): Promise<void> {
    await sleep(jitter(2));
    if (generation !== this.generation) throw new FencedError(`generation ${generation} is fenced`);
    this.offsets.set(partition, offset);
    this.commits++;
    this.emit('committed', partition, offset);
  }

  committed(partition: string): number {
    return this.offsets.get(partition) ?? 0;
  }
}

/** The orders database: fulfilling an order twice is harmless, from a fenced generation refused. */
export class OrderDb {
  readonly fulfilled = new Map<string, number>();
  private minGeneration = 1;

  fence(generation: number): void {
    this.minGeneration = generation;
  }

  async markFulfilled(orderId: string, generation: number): Promise<void> {
    await sleep(jitter(3));
    if (generation < this.minGeneration) throw new FencedError(`generation ${generation} is fenced`);
    this.fulfilled.set(orderId, (this.fulfilled.get(orderId) ?? 0) + 1);
  }
}
