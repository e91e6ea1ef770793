/**
 * A bounded FIFO queue: `put` waits while it is full, `take` while it is empty; a put hands its item
 * straight to a waiting taker, a take makes room for a waiting putter. All decided synchronously.
 */
export class BoundedQueue<T> {
  private readonly items: T[] = [];
  private readonly takers: ((item: T) => void)[] = [];
  private readonly putters: { item: T; resolve: () => void }[] = [];
  maxSize = 0;

  constructor(readonly capacity: number) {
    if (capacity < 1) throw new RangeError('capacity must be at least 1');
  }

  size(): number { return this.items.length; }

  put(item: T): Promise<void> {
    const taker = this.takers.shift();
    if (taker) {
      taker(item);
      return Promise.resolve();
    }
    if (this.items.length < this.capacity) {
      this.items.push(item);
      this.maxSize = Math.max(this.maxSize, this.items.length);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.putters.push({ item, resolve }));
  }

  take(): Promise<T> {
    if (this.items.length > 0) {
      const item = this.items.shift() as T;
      const putter = this.putters.shift();
      if (putter) {
        this.items.push(putter.item);
        putter.resolve();
      }
      return Promise.resolve(item);
    }
    return new Promise((resolve) => this.takers.push(resolve));
  }

  tryTake(): { ok: true; item: T } | { ok: false } {
    if (this.items.length === 0) return { ok: false };
    const item = this.items.shift() as T;
    const putter = this.putters.shift();
    if (putter) {
      this.items.push(putter.item);
      putter.resolve();
    }
    return { ok: true, item };
  }
}
