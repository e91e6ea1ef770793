import { Readable } from 'node:stream';

export interface LogRecord {
  tenant: string;
  shard: number;
  seq: number;
  msg: string;
}

const delay = ([min, max]: [number, number]) => min + Math.floor(Math.random() * (max - min + 1));

/** A cursor over one shard's records for a tenant: NDJSON text, a few records per read, network latency. */
export class ShardCursor extends Readable {
  private next = 0;

  constructor(
    private readonly records: LogRecord[],
    private readonly latency: [number, number],
    private readonly batch = 4,
  ) {
    super();
  }

  override _read(): void {
    setTimeout(() => {
      if (this.next >= this.records.length) {
        this.push(null);
        return;
      }
      const page = this.records.slice(this.next, this.next + this.batch);
      this.next += page.length;
      this.push(page.map((r) => `${JSON.stringify(r)}\n`).join(''));
    }, delay(this.latency));
  }
}

/** The log cluster: each tenant's records live on one or more shards. */
export class ShardStore {
  private readonly placement = new Map<string, number[]>();
  private readonly data = new Map<string, LogRecord[]>();
  cursorsOpened = 0;

  constructor(private readonly latency: [number, number] = [1, 4]) {}

  addTenant(tenant: string, shards: number[], recordsPerShard: number): void {
    this.placement.set(tenant, shards);
    for (const shard of shards) {
      const records = Array.from({ length: recordsPerShard }, (_, seq) => ({
        tenant,
        shard,
        seq,
        msg: `event ${seq} of ${tenant} on shard ${shard}`,
      }));
      this.data.set(`${tenant}@${shard}`, records);
    }
  }

  shardsOf(tenant: string): number[] | undefined {
    return this.placement.get(tenant);
  }

  open(tenant: string, shard: number): ShardCursor {
    this.cursorsOpened++;
    return new ShardCursor(this.data.get(`${tenant}@${shard}`) ?? [], this.latency);
  }
}
