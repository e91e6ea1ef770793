import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { LogRecord, ShardStore } from './shards.ts';

/** Copies every source into `dest` (records are whole lines; their order across sources is free). */
export function mergeInto(sources: Readable[], dest: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    dest.once('finish', resolve);
    dest.on('error', reject);
    // One source ending must not end the destination (pipe's default): end it after the last one.
    let open = sources.length;
    for (const source of sources) {
      source.on('error', reject);
      source.once('end', () => {
        open -= 1;
        if (open === 0) dest.end();
      });
      source.pipe(dest, { end: false });
    }
    if (sources.length === 0) dest.end();
  });
}

/** At most `permits` holders at once; a released permit goes straight to the next waiter. */
export const createSemaphore = (permits: number) => {
  const waiting: Array<() => void> = [];
  let free = permits;
  const take = (): Promise<void> =>
    free > 0 ? ((free -= 1), Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve));
  const give = (): void => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    use: async <T>(work: () => Promise<T>): Promise<T> => {
      await take();
      try {
        return await work();
      } finally {
        give();
      }
    },
  };
};

export interface ExportResult {
  path: string;
  records: number;
}

export class ExportService {
  private readonly slots = createSemaphore(2);
  private folder?: Promise<string>;
  private seq = 0;
  running = 0;
  maxRunning = 0;

  constructor(private readonly store: ShardStore) {}

  /** Writes all of a tenant's records to one file; two exports run at a time. */
  exportTenant = (tenant: string): Promise<ExportResult | undefined> =>
    this.slots.use(async () => {
      const shards = this.store.shardsOf(tenant);
      if (!shards) return undefined;
      this.running++;
      this.maxRunning = Math.max(this.maxRunning, this.running);
      try {
        this.folder ??= mkdtemp(join(tmpdir(), 'tenant-export-'));
        const path = join(await this.folder, `${tenant}-${++this.seq}.ndjson`);
        const cursors = shards.map((shard) => this.store.open(tenant, shard));
        await mergeInto(cursors, createWriteStream(path));
        return { path, records: (await readExport(path)).length };
      } finally {
        this.running--;
      }
    });
}

export async function readExport(path: string): Promise<LogRecord[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as LogRecord);
}

export type Reply = { status: 200; file: string; records: number } | { status: 404 | 500; error: string };

/** GET /tenants/:tenant/export */
export function createExportHandler(service: ExportService) {
  return async (tenant: string): Promise<Reply> => {
    try {
      const result = await service.exportTenant(tenant);
      if (!result) return { status: 404, error: `no tenant ${tenant}` };
      return { status: 200, file: result.path, records: result.records };
    } catch (err) {
      return { status: 500, error: (err as Error).message };
    }
  };
}
