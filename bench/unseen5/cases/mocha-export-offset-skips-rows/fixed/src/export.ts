import type { EventRow, EventsTable } from './events-table.ts';

/** Every row of a tenant, page by page, in id order. */
export async function* exportRows(table: EventsTable, tenant: string, pageSize: number): AsyncGenerator<EventRow> {
  // keyset pagination: resume after the last id seen, so deletions behind us shift nothing
  let afterId = 0;
  for (;;) {
    const rows = await table.page(tenant, { afterId, limit: pageSize });
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1].id;
  }
}

const csvField = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/** The export's CSV lines, header first. */
export async function* csvLines(table: EventsTable, tenant: string, pageSize: number): AsyncGenerator<string> {
  yield 'id,type,at,detail';
  for await (const row of exportRows(table, tenant, pageSize)) {
    yield [row.id, row.type, new Date(row.at).toISOString(), row.detail].map(csvField).join(',');
  }
}

/** Deletes a tenant's old debug events in batches; a purge already running is joined, not repeated. */
export class RetentionJob {
  private readonly running = new Map<string, Promise<number>>();
  batches = 0;

  constructor(private readonly table: EventsTable, private readonly batchSize = 4) {}

  purgeDebug(tenant: string, before: number): Promise<number> {
    let job = this.running.get(tenant);
    if (!job) {
      job = this.run(tenant, before).finally(() => this.running.delete(tenant));
      this.running.set(tenant, job);
    }
    return job;
  }

  private async run(tenant: string, before: number): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.table.deleteBatch(tenant, 'debug', before, this.batchSize);
      this.batches++;
      total += n;
      if (n < this.batchSize) return total;
    }
  }
}

export class ExportService {
  constructor(private readonly table: EventsTable, private readonly pageSize = 5) {}

  /** The tenant's events as one CSV document. */
  async exportCsv(tenant: string): Promise<string> {
    const lines: string[] = [];
    for await (const line of csvLines(this.table, tenant, this.pageSize)) lines.push(line);
    return lines.join('\n') + '\n';
  }
}

/** The ids in an exported CSV document. */
export const exportedIds = (csv: string): number[] =>
  csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => Number(l.split(',')[0]));
