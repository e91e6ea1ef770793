import { createWriteStream, type WriteStream } from 'node:fs';
import { formatEntry, redact, type Fields } from './format.ts';

export class FileLogger {
  private readonly stream: WriteStream;
  private closed = false;
  lines = 0;
  lastError: Error | undefined;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { flags: 'a' });
    this.stream.on('error', (err) => (this.lastError = err));
  }

  async log(level: string, message: string, fields: Fields = {}): Promise<void> {
    if (this.closed) throw new Error('logger is closed');
    const safe = await redact(fields);
    await this.write(formatEntry(level, message, safe));
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

  close(): Promise<void> {
    this.closed = true;
    return new Promise((resolve) => this.stream.end(() => resolve()));
  }
}
