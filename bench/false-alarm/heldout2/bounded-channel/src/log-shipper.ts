import { setTimeout as sleep } from 'node:timers/promises';
import { Channel } from './channel.ts';

/** A fake log collector that receives batches slowly. */
export class Collector {
  readonly batches: string[][] = [];
  async post(batch: string[], ms = 2): Promise<void> {
    await sleep(ms);
    this.batches.push(batch);
  }
  get lines(): string[] {
    return this.batches.flat();
  }
}

/** Ships log lines through a bounded channel to a collector, in batches of up to `batchSize`. */
export class LogShipper {
  readonly channel: Channel<string>;
  private readonly done: Promise<void>;

  constructor(private readonly collector: Collector, capacity = 4, private readonly batchSize = 3) {
    this.channel = new Channel(capacity);
    this.done = this.pump();
  }

  log(line: string): Promise<void> {
    return this.channel.send(line);
  }

  /** No more lines: wait until everything sent so far has been posted. */
  async end(): Promise<void> {
    this.channel.close();
    await this.done;
  }

  private async pump(): Promise<void> {
    let batch: string[] = [];
    for await (const line of this.channel) {
      batch.push(line);
      if (batch.length === this.batchSize || this.channel.size === 0) {
        await this.collector.post(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await this.collector.post(batch);
  }
}
