import { Monitor } from './monitor.ts';

/** The item produced and consumed (a "WoTou", a steamed bun, in the original program). */
export class WoTou {
  readonly id: number;

  constructor(id: number) {
    this.id = id;
  }

  toString(): string {
    return `WoTou : ${this.id}`;
  }
}

/**
 * 004 §V-D: the fixed-size buffer shared by producers and consumers. `push` and `pop` are
 * `synchronized` and use `wait()` / `notifyAll()` on the stack's monitor.
 */
export class SyncStack extends Monitor {
  /** Max, the capacity of the buffer. */
  readonly max: number;
  /** The number of WoTou in the buffer (the next free slot). */
  index = 0;
  arrWT: Array<WoTou | undefined>;

  constructor(max = 6) {
    super();
    this.max = max;
    this.arrWT = new Array<WoTou | undefined>(max).fill(undefined);
  }

  async push(wt: WoTou): Promise<void> {
    await this.enter();
    try {
      // Fixed: `while`, not `if`. A woken producer re-checks that the buffer still has room,
      // since another producer may have filled the freed slot first.
      while (this.index === this.max) {
        await this.wait();
      }
      this.notifyAll();
      this.arrWT[this.index] = wt;
      this.index++;
    } finally {
      this.exit();
    }
  }

  async pop(): Promise<WoTou> {
    await this.enter();
    try {
      while (this.index === 0) {
        await this.wait();
      }
      this.notifyAll();
      this.index--;
      const wt = this.arrWT[this.index]!;
      this.arrWT[this.index] = undefined;
      return wt;
    } finally {
      this.exit();
    }
  }
}

/**
 * Produces `count` WoTou with ids `id * count … id * count + count - 1`. The original sleeps up to
 * 200 ms after each one; here a producer rests for one turn of the event loop.
 */
export class Producer {
  readonly ss: SyncStack;
  readonly id: number;
  readonly count: number;
  produced = 0;

  constructor(ss: SyncStack, id: number, count: number) {
    this.ss = ss;
    this.id = id;
    this.count = count;
  }

  async run(): Promise<void> {
    for (let i = 0; i < this.count; i++) {
      const wt = new WoTou(this.id * this.count + i);
      await this.ss.push(wt);
      this.produced++;
      await new Promise<void>((resolve) => setImmediate(resolve)); // Thread.sleep
    }
  }
}

/**
 * Consumes `count` WoTou. The original sleeps up to 1000 ms after each one, five times a
 * producer's rest; here a consumer rests for five turns of the event loop, so producers outrun
 * consumers and the buffer fills up.
 */
export class Consumer {
  readonly ss: SyncStack;
  readonly count: number;
  readonly eaten: WoTou[] = [];

  constructor(ss: SyncStack, count: number) {
    this.ss = ss;
    this.count = count;
  }

  async run(): Promise<WoTou[]> {
    for (let i = 0; i < this.count; i++) {
      const wt = await this.ss.pop();
      this.eaten.push(wt);
      for (let turn = 0; turn < 5; turn++) {
        await new Promise<void>((resolve) => setImmediate(resolve)); // Thread.sleep
      }
    }
    return this.eaten;
  }
}

export interface Outcome {
  ss: SyncStack;
  /** Every WoTou eaten, consumer by consumer. */
  eaten: WoTou[];
}

/**
 * `ProducerConsumer.main`: starts `producers` producers of `count` WoTou each and `consumers`
 * consumers sharing the total, on one SyncStack, and joins them all.
 */
export async function main(producers = 2, consumers = 2, count = 20, max = 6): Promise<Outcome> {
  const total = producers * count;
  if (consumers < 1 || total % consumers !== 0) {
    throw new RangeError(`${total} WoTou cannot be shared by ${consumers} consumers`);
  }
  const ss = new SyncStack(max);
  const ps = Array.from({ length: producers }, (_, id) => new Producer(ss, id, count));
  const cs = Array.from({ length: consumers }, () => new Consumer(ss, total / consumers));
  await Promise.all([...ps.map((p) => p.run()), ...cs.map((c) => c.run())]);
  return { ss, eaten: cs.flatMap((c) => c.eaten) };
}
