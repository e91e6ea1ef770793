import fs from 'node:fs';

/** Buffers log lines and appends them to a file: after `delayMs` without new lines (a debounce
 *  timer), or at once when `flush` is called (before a shutdown, after an important line). */
export class LogBuffer {
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string, private readonly delayMs = 10) {}

  append(line: string): void {
    this.pending.push(line);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(() => {}), this.delayMs);
  }

  /**
   * Appends the pending lines. They are taken off the buffer only once the write is done: a
   * flush that starts while a write is in flight (the debounce timer's and an explicit one)
   * appends the same lines again.
   */
  flush(done: (err?: Error | null) => void): void {
    if (this.pending.length === 0) return done();
    const lines = this.pending.length;
    fs.appendFile(this.file, this.pending.map((l) => `${l}\n`).join(''), (err) => {
      if (!err) this.pending = this.pending.slice(lines);
      done(err);
    });
  }
}
