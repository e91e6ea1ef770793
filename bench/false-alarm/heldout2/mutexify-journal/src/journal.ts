import { appendFile, readFile, rename, writeFile } from 'node:fs/promises';
import mutexify from 'mutexify/promise';

export interface JournalRecord {
  seq: number;
  type: string;
  data: unknown;
}

/**
 * An append-only journal: each record gets the next sequence number, read from the file's last line.
 * Appends and compaction run under one mutex, granted in request order.
 */
export class Journal {
  private readonly lock = mutexify();
  readonly grants: string[] = [];

  constructor(readonly file: string) {}

  async create(): Promise<void> {
    await writeFile(this.file, '');
  }

  async records(): Promise<JournalRecord[]> {
    const text = await readFile(this.file, 'utf8');
    return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as JournalRecord);
  }

  private async lastSeq(): Promise<number> {
    const all = await this.records();
    return all.length === 0 ? 0 : all[all.length - 1].seq;
  }

  private async exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const release = await this.lock();
    this.grants.push(name);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Appends one record and returns its sequence number. */
  append(type: string, data: unknown): Promise<number> {
    return this.exclusive(`append ${type}`, async () => {
      const seq = (await this.lastSeq()) + 1;
      await appendFile(this.file, `${JSON.stringify({ seq, type, data })}\n`);
      return seq;
    });
  }

  /** Keeps only the last record of each type (renumbering is not allowed: seqs stay). */
  compact(): Promise<number> {
    return this.exclusive('compact', async () => {
      const all = await this.records();
      const last = new Map<string, JournalRecord>();
      for (const r of all) last.set(r.type, r);
      const kept = [...last.values()].sort((a, b) => a.seq - b.seq);
      const temp = `${this.file}.compact`;
      await writeFile(temp, kept.map((r) => `${JSON.stringify(r)}\n`).join(''));
      await rename(temp, this.file);
      return all.length - kept.length;
    });
  }

  /** Holds the journal for maintenance (a backup copies the file); call the returned function to let writers in again. */
  async pause(): Promise<() => void> {
    const release = await this.lock();
    this.grants.push('pause');
    return release;
  }

  get busy(): boolean {
    return this.lock.locked;
  }
}
