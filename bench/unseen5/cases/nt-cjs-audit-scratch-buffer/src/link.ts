import { Writable } from 'node:stream';

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * A fake network link to the audit collector. Like a socket, it keeps each chunk it is given until the
 * bytes go out, a few milliseconds later; the collector end sees the bytes in the order they were sent.
 */
export class CollectorLink extends Writable {
  private readonly received: Buffer[] = [];
  chunks = 0;

  constructor(private readonly latency: [number, number] = [1, 4]) {
    super({ highWaterMark: 64 * 1024 });
  }

  _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    setTimeout(() => {
      this.received.push(Buffer.from(chunk));
      this.chunks++;
      done();
    }, between(...this.latency));
  }

  /** Everything the collector has received so far. */
  bytes(): Buffer {
    return Buffer.concat(this.received);
  }
}
