import { appendFile } from 'node:fs/promises';
import debounce from 'lodash.debounce';

export class LogClosed extends Error {
  constructor(file: string) {
    super(`audit log ${file} is closed`);
    this.name = 'LogClosed';
  }
}

export interface AuditLogOptions {
  waitMs: number;
  maxWaitMs: number;
  maxBatch: number;
}

/**
 * Entries are buffered and written in batches: after `waitMs` of quiet (at most `maxWaitMs`
 * after the first entry of a burst) or as soon as `maxBatch` are waiting. The buffer is swapped
 * in one synchronous step and batches are appended one after another on a promise chain, so the
 * file has the entries in the order they were recorded and no two appends overlap.
 */
export class AuditLog {
  closed = false;
  flushes = 0;
  batchesWritten = 0;
  writing = 0;
  maxWriting = 0;
  readonly errors: Error[] = [];
  firstWriteAt?: number;
  hold?: Promise<void>;
  failNext = false;
  private buffer: string[] = [];
  private chain: Promise<void> = Promise.resolve();
  private readonly debounced: (() => void) & { cancel(): void };
  private readonly maxBatch: number;

  constructor(readonly file: string, options: AuditLogOptions) {
    this.debounced = debounce(() => void this.flush(), options.waitMs, { maxWait: options.maxWaitMs });
    this.maxBatch = options.maxBatch;
  }

  record(actor: string, action: string): void {
    if (this.closed) throw new LogClosed(this.file);
    this.buffer.push(`${actor} ${action}`);
    if (this.buffer.length >= this.maxBatch) {
      this.debounced.cancel();
      void this.flush();
    } else {
      this.debounced();
    }
  }

  /** Takes what is buffered now and queues it behind the batches already queued. */
  flush(): Promise<void> {
    if (this.buffer.length > 0) {
      const batch = this.buffer;
      this.buffer = [];
      this.flushes++;
      this.chain = this.chain.then(() => this.write(batch));
    }
    return this.chain;
  }

  /** Refuses new entries at once, then writes what is buffered after the queued batches. */
  async close(): Promise<void> {
    this.closed = true;
    this.debounced.cancel();
    await this.flush();
  }

  private async write(batch: string[]): Promise<void> {
    this.firstWriteAt ??= Date.now();
    this.writing++;
    this.maxWriting = Math.max(this.maxWriting, this.writing);
    try {
      if (this.hold) await this.hold;
      if (this.failNext) {
        this.failNext = false;
        throw new Error(`disk full while writing ${batch.length} entries`);
      }
      await appendFile(this.file, batch.map((line) => line + '\n').join(''));
      this.batchesWritten++;
    } catch (err) {
      this.errors.push(err as Error);
    } finally {
      this.writing--;
    }
  }
}
