import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ChainMutex } from './mutex.ts';

/** Counts page visits in a JSON file; every update is read, changed and written under the mutex. */
export class VisitCounter {
  private readonly mutex = new ChainMutex();
  inside = 0;
  maxInside = 0;

  constructor(readonly file: string) {}

  visit(page: string): Promise<number> {
    return this.mutex.run(async () => {
      this.inside++;
      this.maxInside = Math.max(this.maxInside, this.inside);
      try {
        const counts = await this.read();
        counts[page] = (counts[page] ?? 0) + 1;
        await mkdir(dirname(this.file), { recursive: true });
        await writeFile(this.file, JSON.stringify(counts));
        return counts[page];
      } finally {
        this.inside--;
      }
    });
  }

  /** Resets one page; fails for a page never visited (and must not break the chain). */
  reset(page: string): Promise<void> {
    return this.mutex.run(async () => {
      const counts = await this.read();
      if (!(page in counts)) throw new Error(`never visited: ${page}`);
      counts[page] = 0;
      await writeFile(this.file, JSON.stringify(counts));
    });
  }

  async read(): Promise<Record<string, number>> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }
}
