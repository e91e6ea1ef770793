import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hashOf = (content: string): string => createHash('sha256').update(content).digest('hex').slice(0, 24);

/** Content-addressed blobs, one file per distinct content, in a folder under the OS temp dir. */
export class BlobStore {
  writes = 0;
  removals = 0;

  private constructor(readonly dir: string) {}

  static async open(prefix = 'attachments-'): Promise<BlobStore> {
    return new BlobStore(await mkdtemp(join(tmpdir(), prefix)));
  }

  /** Stores the content unless a blob with the same hash is already there. */
  async put(content: string): Promise<string> {
    const hash = hashOf(content);
    try {
      await stat(join(this.dir, hash));
      return hash;
    } catch {
      this.writes++;
      await writeFile(join(this.dir, hash), content);
      return hash;
    }
  }

  async read(hash: string): Promise<string> {
    return readFile(join(this.dir, hash), 'utf8');
  }

  async list(): Promise<string[]> {
    return (await readdir(this.dir)).sort();
  }

  async remove(hash: string): Promise<void> {
    this.removals++;
    await unlink(join(this.dir, hash)).catch(() => {});
  }

  async destroy(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AttachmentRow {
  docId: string;
  name: string;
  hash: string;
  size: number;
}

/** The metadata database (a fake with 1-4 ms round trips): which attachment points at which blob. */
export class AttachmentTable {
  private readonly rows = new Map<string, AttachmentRow>();

  private async roundTrip(): Promise<void> {
    await sleep(1 + Math.floor(Math.random() * 4));
  }

  async upsert(row: AttachmentRow): Promise<void> {
    await this.roundTrip();
    this.rows.set(`${row.docId}/${row.name}`, { ...row });
  }

  async get(docId: string, name: string): Promise<AttachmentRow | undefined> {
    await this.roundTrip();
    const row = this.rows.get(`${docId}/${name}`);
    return row && { ...row };
  }

  async delete(docId: string, name: string): Promise<boolean> {
    await this.roundTrip();
    return this.rows.delete(`${docId}/${name}`);
  }

  async referencedHashes(): Promise<string[]> {
    await this.roundTrip();
    return [...new Set([...this.rows.values()].map((r) => r.hash))];
  }

  async count(): Promise<number> {
    await this.roundTrip();
    return this.rows.size;
  }
}
