import { Mutex } from 'async-mutex';

/** Java's ArrayIndexOutOfBoundsException: a JS array answers `undefined`, a Java array throws. */
export class ArrayIndexOutOfBoundsError extends RangeError {
  constructor(readonly index: number, readonly length: number) {
    super(`Index ${index} out of bounds for length ${length}`);
    this.name = 'ArrayIndexOutOfBoundsError';
  }
}

/** `items[index]` with Java's bounds check. */
function elementAt(items: readonly number[], index: number): number {
  if (index < 0 || index >= items.length) throw new ArrayIndexOutOfBoundsError(index, items.length);
  return items[index];
}

/** Simulated I/O: a point where the running task gives way, as a Java thread can be preempted. */
function io(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * 002 (He, Wu, Chen) Figure 1. Member variables V = {items, qsize}; `push`, `pop` and `size` are
 * "synchronized" (their bodies run under the queue's mutex), `getqueuetop` is not, so
 * S_f = {getqueuetop}, M_r(qsize) = {pop, size, getqueuetop} and M_w(qsize) = {pop, push}.
 */
export class Queue {
  private items: number[];
  private qsize: number;
  private readonly lock = new Mutex();

  constructor() {
    this.items = [];
    this.qsize = 0;
  }

  async pop(): Promise<number | null> {
    return this.lock.runExclusive(() => {
      if (this.qsize === 0) return null;
      this.qsize--;
      const item = elementAt(this.items, this.qsize);
      this.items.pop();
      return item;
    });
  }

  async push(item: number): Promise<void> {
    await this.lock.runExclusive(() => {
      this.items.push(item);
      // Fig. 1: qsize++ (written without reading qsize: the paper counts push as a writer only)
      this.qsize = this.items.length;
    });
  }

  async size(): Promise<number> {
    return this.lock.runExclusive(() => this.qsize);
  }

  /** Not synchronized: between the emptiness check and the read another task can pop. */
  async getqueuetop(): Promise<number | null> {
    if (this.qsize === 0) return null;
    await io();
    return elementAt(this.items, this.qsize - 1);
  }
}
