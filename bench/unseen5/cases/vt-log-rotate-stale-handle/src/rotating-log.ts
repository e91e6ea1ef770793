import { open, rename, type FileHandle } from 'node:fs/promises';

export type LineTransform = (line: string) => Promise<string>;

interface ActiveFile {
  handle: FileHandle;
  bytes: number;
  lines: number;
}

/**
 * An append-only log file that can be rotated: the active file is renamed to `<path>.<n>` and a
 * fresh one is opened at `path`. Lines may go through an async transform (redaction) first.
 */
export class RotatingLog {
  private active?: ActiveFile;
  private opening?: Promise<ActiveFile>;
  private tail: Promise<unknown> = Promise.resolve();
  opens = 0;
  rotations = 0;

  constructor(readonly path: string, private readonly transform: LineTransform = async (l) => l) {}

  /** The active file, opened once: concurrent first writers share one open. */
  private file(): Promise<ActiveFile> {
    if (this.active) return Promise.resolve(this.active);
    if (!this.opening) {
      this.opening = open(this.path, 'a').then((handle) => {
        this.opens++;
        this.active = { handle, bytes: 0, lines: 0 };
        this.opening = undefined;
        return this.active;
      });
    }
    return this.opening;
  }

  /** Runs `fn` after everything queued before it (a promise-chain lock). */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  async append(record: Record<string, unknown>): Promise<void> {
    const file = await this.file();
    const line = (await this.transform(JSON.stringify(record))) + '\n';
    file.bytes += Buffer.byteLength(line);
    file.lines++;
    await file.handle.write(line);
  }

  /** Closes the active file and moves it aside; the next append opens a new one. */
  rotate(): Promise<{ archive: string; lines: number }> {
    return this.exclusive(async () => {
      const file = await this.file();
      const archive = `${this.path}.${++this.rotations}`;
      await file.handle.close();
      await rename(this.path, archive);
      this.active = undefined;
      return { archive, lines: file.lines };
    });
  }

  close(): Promise<void> {
    return this.exclusive(async () => {
      const file = this.active;
      this.active = undefined;
      if (file) await file.handle.close();
    });
  }
}
