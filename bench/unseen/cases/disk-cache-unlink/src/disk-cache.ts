import { access, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Entry<T> {
  storedAt: number;
  value: T;
}

export function encodeKey(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

export function isExpired(entry: Entry<unknown>, ttlMs: number, now: number): boolean {
  return now - entry.storedAt > ttlMs;
}

export class DiskCache<T> {
  constructor(
    private readonly dir: string,
    private readonly ttlMs = 60_000,
  ) {}

  private pathOf(key: string): string {
    return join(this.dir, `${encodeKey(key)}.json`);
  }

  async set(key: string, value: T): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const entry: Entry<T> = { storedAt: Date.now(), value };
    await writeFile(this.pathOf(key), JSON.stringify(entry));
  }

  async get(key: string): Promise<T | undefined> {
    const path = this.pathOf(key);
    try {
      await access(path);
    } catch {
      return undefined;
    }
    const entry = JSON.parse(await readFile(path, 'utf8')) as Entry<T>;
    return isExpired(entry, this.ttlMs, Date.now()) ? undefined : entry.value;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async keys(): Promise<string[]> {
    const files = await readdir(this.dir).catch(() => [] as string[]);
    return files.map((f) => Buffer.from(f.replace(/\.json$/, ''), 'base64url').toString('utf8')).sort();
  }
}
