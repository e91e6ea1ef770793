import { setTimeout as sleep } from 'node:timers/promises';

/** A log collector endpoint: accepts newline-delimited JSON batches. */
export class CollectorSink {
  readonly batches: string[] = [];

  async send(body: string): Promise<void> {
    await sleep(3);
    this.batches.push(body);
  }

  received(): Array<{ msg: string }> {
    return this.batches.flatMap((b) => b.split('\n').filter(Boolean).map((l) => JSON.parse(l)));
  }
}
