import fs from 'node:fs';

/** Counts page visits in a small file, promise style: `.then` chains over fs callbacks. */
export class VisitCounter {
  /** The last visit's promise: each visit's read-modify-write starts after the previous one. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly file: string) {}

  count(): Promise<number> {
    return new Promise((resolve, reject) => {
      fs.readFile(this.file, 'utf8', (err, text) => {
        if (err) return (err as NodeJS.ErrnoException).code === 'ENOENT' ? resolve(0) : reject(err);
        resolve(Number(text));
      });
    });
  }

  private store(n: number): Promise<void> {
    return new Promise((resolve, reject) => fs.writeFile(this.file, String(n), (err) => (err ? reject(err) : resolve())));
  }

  /** Read, add one, write back — chained behind the previous visit, so none reads a stale count. */
  visit(): Promise<number> {
    const next = this.last.then(() => this.count()).then((n) => this.store(n + 1).then(() => n + 1));
    this.last = next.catch(() => undefined);
    return next;
  }
}
