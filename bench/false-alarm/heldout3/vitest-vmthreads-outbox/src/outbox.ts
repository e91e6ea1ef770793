import { EventEmitter } from 'node:events';

export interface Message { id: number; topic: string; body: string }
export interface Transport { send(message: Message): Promise<void> }
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An outbox drained by a single worker (the `draining` flag is checked and set synchronously): one
 * message at a time, in posting order, a failed send retried with a backoff. Events: sent, dead, idle.
 */
export class Outbox extends EventEmitter {
  private readonly pending: Message[] = [];
  private draining = false;
  private nextId = 1;
  workersStarted = 0;
  retries = 0;

  constructor(private readonly transport: Transport, private readonly maxAttempts = 4) {
    super();
  }

  post(topic: string, body: string): number {
    const id = this.nextId++;
    this.pending.push({ id, topic, body });
    if (!this.draining) {
      this.draining = true;
      this.workersStarted++;
      void this.drain();
    }
    return id;
  }

  size(): number { return this.pending.length; }

  /** Resolves once everything posted so far has been handled. */
  whenIdle(): Promise<void> {
    if (!this.draining) return Promise.resolve();
    return new Promise((resolve) => this.once('idle', resolve));
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const message = this.pending[0];
        await this.deliver(message);
        this.pending.shift();
        this.emit('sent', message);
      }
    } finally {
      this.draining = false;
      this.emit('idle');
    }
  }

  private async deliver(message: Message): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.transport.send(message);
        return;
      } catch (error) {
        if (attempt >= this.maxAttempts) {
          this.emit('dead', message, error);
          return;
        }
        this.retries++;
        await pause(attempt * 2);
      }
    }
  }
}

/** A fake broker: random latency, counts overlapping sends, can fail a message's first N sends. */
export class FakeBroker implements Transport {
  readonly delivered: Message[] = [];
  active = 0;
  maxActive = 0;
  private readonly failures = new Map<number, number>();

  failFirst(id: number, times: number): void { this.failures.set(id, times); }

  async send(message: Message): Promise<void> {
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      await pause(Math.floor(Math.random() * 4));
      const left = this.failures.get(message.id) ?? 0;
      if (left > 0) {
        this.failures.set(message.id, left - 1);
        throw new Error(`broker refused ${message.id}`);
      }
      this.delivered.push(message);
    } finally {
      this.active--;
    }
  }
}
