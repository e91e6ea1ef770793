import { open, readFile, stat, unlink } from 'node:fs/promises';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock between processes: a file created with O_EXCL. A lock older than staleMs was left by a crashed holder. */
export class FileLock {
  broken = 0;

  constructor(
    readonly path: string,
    readonly owner: string,
    private readonly isAlive: (owner: string) => Promise<boolean> = async () => false,
    private readonly staleMs = 5_000,
  ) {}

  async acquire(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        const handle = await open(this.path, 'wx');
        await handle.writeFile(JSON.stringify({ owner: this.owner, at: Date.now() }));
        await handle.close();
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      if (await this.breakIfStale()) continue;
      await pause(2);
    }
    throw new Error(`${this.path} is held by another process`);
  }

  /** Removes the lock file if its holder stopped updating it long ago; true if the lock is gone. */
  private async breakIfStale(): Promise<boolean> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(this.path)).mtimeMs;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
      throw error;
    }
    if (Date.now() - mtimeMs < this.staleMs || (await this.holderAlive())) return false;
    await unlink(this.path).catch(ignoreMissing);
    this.broken++;
    return true;
  }

  private async holderAlive(): Promise<boolean> {
    const text = await readFile(this.path, 'utf8').catch(() => '');
    const owner = /"owner":"([^"]*)"/.exec(text)?.[1];
    return owner !== undefined && (await this.isAlive(owner));
  }

  async release(): Promise<void> {
    const text = await readFile(this.path, 'utf8').catch(() => '');
    if (!text.includes(`"owner":${JSON.stringify(this.owner)}`)) throw new Error(`${this.owner} does not hold ${this.path}`);
    await unlink(this.path);
  }

  async withLock<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      await this.release();
    }
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
