import { createWriteStream, type WriteStream } from 'node:fs';
import { formatEntry, redact, type Fields } from './format.ts';

export class FileLogger {
  private readonly stream: WriteStream;
  private closed = false;
  private readonly inFlight = new Set<Promise<void>>();
  lines = 0;
  lastError: Error | undefined;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { flags: 'a' });
    this.stream.on('error', (err) => (this.lastError = err));
  }

  async log(level: string, message: string, fields: Fields = {}): Promise<void> {
    if (this.closed) throw new Error('logger is closed');
    const entry = (async () => {
      const safe = await redact(fields);
      await this.write(formatEntry(level, message, safe));
    })();
    this.inFlight.add(entry);
    try {
      await entry;
    } finally {
      this.inFlight.delete(entry);
    }
  }

  private write(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.stream.write(line, (err) => {
        if (err) return reject(err);
        this.lines++;
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    await new Promise<void>((resolve) => this.stream.end(() => resolve()));
  }
}
