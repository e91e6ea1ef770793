import fs from 'node:fs';

/** Counts page visits in a small file, promise style: `.then` chains over fs callbacks. */
export class VisitCounter {
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

  /**
   * Read the count, add one, write it back. The read and the write are two fs callbacks apart:
   * a visit that arrives in between reads the old count too, and one of the two is lost.
   */
  visit(): Promise<number> {
    return this.count().then((n) => this.store(n + 1).then(() => n + 1));
  }
}
