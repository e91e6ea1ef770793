import { AttachmentTable, BlobStore } from './blobs.ts';

export interface GcReport {
  scanned: number;
  removed: string[];
}

/** Attachments of documents: the bytes in the blob store, the names in the table. */
export class AttachmentService {
  constructor(
    private readonly blobs: BlobStore,
    private readonly table: AttachmentTable,
  ) {}

  async upload(docId: string, name: string, content: string): Promise<string> {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`bad attachment name ${name}`);
    const hash = await this.blobs.put(content);
    await this.table.upsert({ docId, name, hash, size: Buffer.byteLength(content) });
    return hash;
  }

  async download(docId: string, name: string): Promise<string> {
    const row = await this.table.get(docId, name);
    if (!row) throw new Error(`no attachment ${docId}/${name}`);
    return this.blobs.read(row.hash);
  }

  async remove(docId: string, name: string): Promise<boolean> {
    return this.table.delete(docId, name);
  }

  /**
   * Mark and sweep: blobs that no attachment row points at are deleted. Deleting a row leaves
   * its blob behind (another row may share it), so this runs from the maintenance job.
   */
  async collectGarbage(): Promise<GcReport> {
    const referenced = new Set(await this.table.referencedHashes());
    const stored = await this.blobs.list();
    const removed: string[] = [];
    for (const hash of stored) {
      if (referenced.has(hash)) continue;
      await this.blobs.remove(hash);
      removed.push(hash);
    }
    return { scanned: stored.length, removed };
  }
}

export interface MaintenanceLog {
  at: number;
  task: string;
  detail: string;
}

/** The maintenance job that runs every few minutes on one of the API nodes. */
export function createMaintenance(service: AttachmentService, clock: () => number = Date.now) {
  const log: MaintenanceLog[] = [];
  let runs = 0;
  return {
    log,
    get runs() {
      return runs;
    },
    run: async (): Promise<GcReport> => {
      runs++;
      const report = await service.collectGarbage();
      log.push({ at: clock(), task: 'blob-gc', detail: `${report.removed.length} of ${report.scanned} removed` });
      return report;
    },
  };
}
