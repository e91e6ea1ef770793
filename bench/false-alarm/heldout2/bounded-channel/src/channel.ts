/** A bounded FIFO channel: `send` waits while `capacity` items are buffered; `close` ends the iteration. */
export class Channel<T> implements AsyncIterable<T> {
  private readonly buffer: T[] = [];
  private readonly senders: Array<() => void> = [];
  private readonly receivers: Array<(r: IteratorResult<T>) => void> = [];
  private closed = false;
  /** the most items ever buffered at once (for tests) */
  highWater = 0;
  /** how many sends had to wait for room */
  blockedSends = 0;

  constructor(readonly capacity: number) {
    if (capacity < 1) throw new RangeError('capacity must be at least 1');
  }

  get size(): number {
    return this.buffer.length;
  }

  async send(item: T): Promise<void> {
    if (this.closed) throw new Error('send on a closed channel');
    const receiver = this.receivers.shift();
    if (receiver) {
      receiver({ value: item, done: false });
      return;
    }
    while (this.buffer.length >= this.capacity) {
      this.blockedSends++;
      await new Promise<void>((resolve) => this.senders.push(resolve));
      if (this.closed) throw new Error('channel closed while waiting to send');
    }
    this.buffer.push(item);
    this.highWater = Math.max(this.highWater, this.buffer.length);
  }

  receive(): Promise<IteratorResult<T>> {
    if (this.buffer.length > 0) {
      const value = this.buffer.shift()!;
      this.senders.shift()?.(); // room for one more
      return Promise.resolve({ value, done: false });
    }
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.receivers.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const r of this.receivers.splice(0)) r({ value: undefined, done: true });
    for (const s of this.senders.splice(0)) s();
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return { next: () => this.receive() };
  }
}
