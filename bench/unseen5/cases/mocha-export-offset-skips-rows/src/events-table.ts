// A fake SQL table of audit events: every query is a round trip with a random latency.

export interface EventRow {
  id: number;
  tenant: string;
  type: 'login' | 'debug' | 'purchase';
  at: number;
  detail: string;
}

export interface PageQuery {
  limit: number;
  /** SQL OFFSET: skip this many matching rows. */
  offset?: number;
  /** Keyset: only rows with id > afterId. */
  afterId?: number;
}

const query = () => new Promise<void>((r) => setTimeout(r, 0.5 + Math.random() * 2));

export class EventsTable {
  private rows: EventRow[] = [];
  private nextId = 1;
  queries = 0;

  insertNow(tenant: string, type: EventRow['type'], at: number, detail = ''): EventRow {
    const row = { id: this.nextId++, tenant, type, at, detail };
    this.rows.push(row);
    return row;
  }

  /** SELECT … WHERE tenant = $1 [AND id > $afterId] ORDER BY id LIMIT $limit [OFFSET $offset] */
  async page(tenant: string, q: PageQuery): Promise<EventRow[]> {
    await query();
    this.queries++;
    const matching = this.rows.filter((r) => r.tenant === tenant && r.id > (q.afterId ?? 0));
    const from = q.offset ?? 0;
    return matching.slice(from, from + q.limit).map((r) => ({ ...r }));
  }

  /** DELETE … WHERE tenant = $1 AND type = $2 AND at < $3 LIMIT $4; returns the count. */
  async deleteBatch(tenant: string, type: EventRow['type'], before: number, limit: number): Promise<number> {
    await query();
    this.queries++;
    let deleted = 0;
    this.rows = this.rows.filter((r) => {
      const hit = deleted < limit && r.tenant === tenant && r.type === type && r.at < before;
      if (hit) deleted++;
      return !hit;
    });
    return deleted;
  }

  idsOf(tenant: string): number[] {
    return this.rows.filter((r) => r.tenant === tenant).map((r) => r.id);
  }
}
