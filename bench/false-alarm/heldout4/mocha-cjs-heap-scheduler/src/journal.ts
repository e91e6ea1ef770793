import { appendFile } from 'node:fs';

/**
 * An append-only journal. After each append's I/O callback the entry is committed in a
 * `setImmediate` and reported in a `setTimeout(0)` scheduled beside it: in an I/O callback Node
 * runs the immediate first, so a report always finds its entry committed.
 */
export class Journal {
  readonly committed: string[] = [];
  readonly events: string[] = [];

  constructor(readonly file: string) {}

  append(entry: string): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      appendFile(this.file, entry + '\n', (err) => {
        if (err) return reject(err);
        setImmediate(() => {
          this.committed.push(entry);
          this.events.push(`commit ${entry}`);
        });
        setTimeout(() => {
          this.events.push(`report ${entry}: ${this.committed.includes(entry) ? 'committed' : 'MISSING'}`);
          resolve(entry);
        }, 0);
      });
    });
  }
}
