import type { WaitMetrics } from './metrics.ts';

export class Channel<T> {
  private readonly items: T[] = [];
  private readonly waiters: Array<(item: T) => void> = [];

  constructor(private readonly metrics: WaitMetrics) {}

  send(item: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(item);
    else this.items.push(item);
  }

  async receive(): Promise<T> {
    if (this.items.length > 0) return this.items.shift()!;
    await this.metrics.recordWait(this.items.length);
    if (this.items.length > 0) return this.items.shift()!;
    return new Promise<T>((resolve) => this.waiters.push(resolve));
  }

  get buffered(): number {
    return this.items.length;
  }
}

export async function collect<T>(channel: Channel<T>, count: number): Promise<T[]> {
  const out: T[] = [];
  while (out.length < count) out.push(await channel.receive());
  return out;
}

export function sendAll<T>(channel: Channel<T>, items: T[]): void {
  for (const item of items) channel.send(item);
}
