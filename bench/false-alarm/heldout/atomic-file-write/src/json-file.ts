import { readFile, rename, writeFile } from 'node:fs/promises';
import { Lock } from './lock.ts';

let tempCounter = 0;

/** A JSON document on disk. Updates are serialized by a lock; each writes a fresh temp file and renames it into place. */
export class JsonFile<T> {
  private readonly lock = new Lock();
  updates = 0;

  constructor(readonly path: string, private readonly initial: T) {}

  async read(): Promise<T> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as T;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(this.initial);
      throw error;
    }
  }

  async update(change: (value: T) => T): Promise<T> {
    await this.lock.acquire();
    try {
      const next = change(await this.read());
      const temp = `${this.path}.${process.pid}.${++tempCounter}.tmp`;
      await writeFile(temp, JSON.stringify(next, null, 2));
      await rename(temp, this.path);
      this.updates++;
      return next;
    } finally {
      this.lock.release();
    }
  }

  busy(): boolean {
    return this.lock.isHeld();
  }
}
