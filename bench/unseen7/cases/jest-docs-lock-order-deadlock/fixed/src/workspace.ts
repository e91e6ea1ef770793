import { LockTable } from './locks';

export interface IndexEntry {
  name: string;
  size: number;
  version: number;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const latency = (min: number, max: number) => delay(min + Math.floor(Math.random() * (max - min + 1)));

/** A fake object store: document bodies as blobs, one index object per folder. */
export class BlobBackend {
  private readonly blobs = new Map<string, string>();
  private readonly indexes = new Map<string, IndexEntry[]>();
  uploading = 0;
  peakUploads = 0;

  async putBlob(path: string, body: string): Promise<void> {
    this.uploading++;
    this.peakUploads = Math.max(this.peakUploads, this.uploading);
    try {
      await latency(1, 4);
      this.blobs.set(path, body);
    } finally {
      this.uploading--;
    }
  }

  async getBlob(path: string): Promise<string | undefined> {
    await latency(1, 3);
    return this.blobs.get(path);
  }

  async deleteBlob(path: string): Promise<void> {
    await latency(1, 2);
    this.blobs.delete(path);
  }

  async readIndex(folder: string): Promise<IndexEntry[]> {
    await latency(1, 3);
    return (this.indexes.get(folder) ?? []).map((entry) => ({ ...entry }));
  }

  async writeIndex(folder: string, entries: IndexEntry[]): Promise<void> {
    await latency(1, 3);
    this.indexes.set(folder, entries.map((entry) => ({ ...entry })));
  }

  /** Test helper: the blob names stored under a folder, sorted. */
  blobNames(folder: string): string[] {
    const prefix = `${folder}/`;
    return [...this.blobs.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)).sort();
  }
}

/**
 * Folders of documents. A folder's index is guarded by the folder's lock, a document's blob by the
 * document's lock.
 */
export class Workspace {
  private readonly folderLocks = new LockTable('folder');
  private readonly docLocks = new LockTable('doc');

  constructor(private readonly backend: BlobBackend) {}

  /** Stores a document's body and records its size and a new version in the folder's index. */
  async writeDoc(folder: string, name: string, body: string): Promise<IndexEntry> {
    // Locks are always taken folder first, then document (as renameDoc and purge take them).
    return this.folderLocks.withLock(folder, () =>
      this.docLocks.withLock(`${folder}/${name}`, async () => {
        await this.backend.putBlob(`${folder}/${name}`, body);
        const entries = await this.backend.readIndex(folder);
        let entry = entries.find((e) => e.name === name);
        if (!entry) {
          entry = { name, size: 0, version: 0 };
          entries.push(entry);
        }
        entry.size = body.length;
        entry.version++;
        await this.backend.writeIndex(folder, entries);
        return { ...entry };
      }),
    );
  }

  async readDoc(folder: string, name: string): Promise<string | undefined> {
    return this.backend.getBlob(`${folder}/${name}`);
  }

  async list(folder: string): Promise<IndexEntry[]> {
    return this.folderLocks.withLock(folder, () => this.backend.readIndex(folder));
  }

  /** Renames a document inside its folder; false if it does not exist or the new name is taken. */
  async renameDoc(folder: string, from: string, to: string): Promise<boolean> {
    return this.folderLocks.withLock(folder, async () => {
      const entries = await this.backend.readIndex(folder);
      const entry = entries.find((e) => e.name === from);
      if (!entry || entries.some((e) => e.name === to)) return false;
      await this.docLocks.withLock(`${folder}/${from}`, async () => {
        const body = (await this.backend.getBlob(`${folder}/${from}`)) ?? '';
        await this.backend.putBlob(`${folder}/${to}`, body);
        await this.backend.deleteBlob(`${folder}/${from}`);
      });
      entry.name = to;
      entry.version++;
      await this.backend.writeIndex(folder, entries);
      return true;
    });
  }

  /** Deletes every document of a folder and empties its index; returns how many were deleted. */
  async purge(folder: string): Promise<number> {
    return this.folderLocks.withLock(folder, async () => {
      const entries = await this.backend.readIndex(folder);
      for (const entry of entries) {
        await this.docLocks.withLock(`${folder}/${entry.name}`, () => this.backend.deleteBlob(`${folder}/${entry.name}`));
      }
      await this.backend.writeIndex(folder, []);
      return entries.length;
    });
  }
}
