import { open, stat, writeFile } from 'node:fs/promises';

/** One append-only segment of a tenant's event log: newline-delimited JSON, written in chunks of whole lines. */
export class SegmentFile {
  appends = 0;
  bytesWritten = 0;

  constructor(readonly path: string) {}

  /** Creates the file if it does not exist yet (never truncates it). */
  async create(): Promise<void> {
    await writeFile(this.path, '', { flag: 'a' });
  }

  /** Writes the chunk at the end of the file and returns the offset it starts at. */
  async append(chunk: Buffer): Promise<number> {
    const offset = await this.size();
    const handle = await open(this.path, 'r+');
    try {
      await handle.write(chunk, 0, chunk.length, offset);
    } finally {
      await handle.close();
    }
    this.appends++;
    this.bytesWritten += chunk.length;
    return offset;
  }

  async size(): Promise<number> {
    try {
      return (await stat(this.path)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }
}
