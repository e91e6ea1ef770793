import type { CollectorSink } from './sink.ts';

export interface Entry {
  level: string;
  msg: string;
  ts: number;
}

export function normalize(input: { level?: string; msg: string; ts?: number }): Entry {
  return { level: (input.level ?? 'info').toLowerCase(), msg: input.msg.trim(), ts: input.ts ?? Date.now() };
}

export function encodeBatch(entries: Entry[]): string {
  return entries.map((e) => JSON.stringify(e)).join('\n') + '\n';
}

export class LogShipper {
  private buffer: Entry[] = [];
  private readonly sending = new Set<Promise<number>>();
  shipped = 0;

  constructor(
    private readonly sink: CollectorSink,
    private readonly maxBatch = 50,
  ) {}

  add(input: { level?: string; msg: string; ts?: number }): void {
    this.buffer.push(normalize(input));
    if (this.buffer.length >= this.maxBatch) this.track(this.flush());
  }

  private track(flushing: Promise<number>): void {
    this.sending.add(flushing);
    const done = () => this.sending.delete(flushing);
    flushing.then(done, done);
  }

  async drain(): Promise<void> {
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
    await this.flush();
  }

  get pending(): number {
    return this.buffer.length;
  }

  async flush(): Promise<number> {
    if (this.buffer.length === 0) return 0;
    const batch = this.buffer.slice();
    await this.sink.send(encodeBatch(batch));
    this.buffer = [];
    this.shipped += batch.length;
    return batch.length;
  }
}
