import { Writable } from 'node:stream';

export interface Row {
  source: string;
  seq: number;
  body: string;
}

/**
 * A slow destination (a stand-in for a socket or a bulk-insert API) in object mode: each row takes
 * a few milliseconds, or waits at a gate. It records the most rows ever buffered at a write.
 */
export class SlowSink extends Writable {
  readonly rows: Row[] = [];
  maxBuffered = 0;
  hold?: Promise<void>;

  constructor(highWaterMark: number) {
    super({ objectMode: true, highWaterMark });
  }

  override _write(row: Row, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const hold = this.hold;
    const store = () => {
      this.rows.push(row);
      callback();
    };
    if (hold) hold.then(store);
    else setTimeout(store, Math.floor(Math.random() * 3));
  }

  /** Writes one row; the caller has checked `writableNeedDrain` in the same synchronous step. */
  put(row: Row): void {
    this.write(row);
    this.maxBuffered = Math.max(this.maxBuffered, this.writableLength);
  }
}
