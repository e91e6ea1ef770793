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

  /** Appends the pending lines, taken off the buffer before the write starts: a flush started
   *  meanwhile writes only what came after. (appendFile calls are written in call order.) */
  flush(done: (err?: Error | null) => void): void {
    if (this.pending.length === 0) return done();
    const lines = this.pending;
    this.pending = [];
    fs.appendFile(this.file, lines.map((l) => `${l}\n`).join(''), (err) => done(err));
  }
}
