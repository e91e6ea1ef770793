import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SegmentFile } from './segment-file';

export interface StoredEvent {
  id: string;
  type: string;
  at: number;
  data?: Record<string, unknown>;
}

/** Per-tenant event logs under one directory; each tenant has one open segment. */
export class EventLog {
  private readonly segments = new Map<string, SegmentFile>();
  private ready?: Promise<void>;
  dirCreations = 0;

  constructor(private readonly dir: string) {}

  /** Creates the directory once, however many first appends arrive together. */
  private ensureDir(): Promise<void> {
    if (!this.ready) {
      this.dirCreations++;
      this.ready = mkdir(this.dir, { recursive: true }).then(() => undefined);
      this.ready.catch(() => {
        this.ready = undefined;
      });
    }
    return this.ready;
  }

  private segment(tenant: string): SegmentFile {
    let segment = this.segments.get(tenant);
    if (!segment) {
      segment = new SegmentFile(join(this.dir, `${tenant}.ndjson`));
      this.segments.set(tenant, segment);
    }
    return segment;
  }

  async append(tenant: string, events: StoredEvent[]): Promise<number> {
    const chunk = Buffer.from(events.map((e) => JSON.stringify(e) + '\n').join(''), 'utf8');
    await this.ensureDir();
    const segment = this.segment(tenant);
    await segment.create();
    return segment.append(chunk);
  }

  async read(tenant: string): Promise<StoredEvent[]> {
    let text: string;
    try {
      text = await readFile(join(this.dir, `${tenant}.ndjson`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as StoredEvent);
  }
}
