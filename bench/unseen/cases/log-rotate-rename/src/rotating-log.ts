import { appendFile, readdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';

export function backupIndex(file: string, base: string): number | undefined {
  const m = new RegExp(`^${base}\\.(\\d+)\\.log$`).exec(file);
  return m ? Number(m[1]) : undefined;
}

export class RotatingLog {
  constructor(
    private readonly dir: string,
    private readonly base = 'app',
    private readonly maxBytes = 64,
  ) {}

  get current(): string {
    return join(this.dir, `${this.base}.log`);
  }

  async size(): Promise<number> {
    try {
      return (await stat(this.current)).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
  }

  async backups(): Promise<string[]> {
    const files = await readdir(this.dir);
    return files
      .filter((f) => backupIndex(f, this.base) !== undefined)
      .sort((a, b) => backupIndex(a, this.base)! - backupIndex(b, this.base)!);
  }

  async rotate(): Promise<void> {
    const existing = await this.backups();
    await rename(this.current, join(this.dir, `${this.base}.${existing.length + 1}.log`));
  }

  async append(line: string): Promise<void> {
    if ((await this.size()) + line.length + 1 > this.maxBytes) await this.rotate();
    await appendFile(this.current, `${line}\n`);
  }

  async readAll(): Promise<string[]> {
    const files = [...(await this.backups()), `${this.base}.log`];
    const lines: string[] = [];
    for (const f of files) {
      try {
        lines.push(...(await readFile(join(this.dir, f), 'utf8')).split('\n').filter(Boolean));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return lines;
  }
}
