import type { ClientRegistry } from './tenant-db';

export interface Report {
  tenant: string;
  rows: number;
}

/** Builds per-tenant reports, one query per section. */
export class ReportService {
  constructor(private readonly registry: ClientRegistry) {}

  async build(tenant: string, sections: string[]): Promise<Report> {
    return this.registry.withClient(tenant, async (client) => {
      let rows = 0;
      for (const section of sections) rows += await client.query(sectionQuery(section));
      return { tenant, rows };
    });
  }
}

export function sectionQuery(section: string): string {
  return `SELECT * FROM ${section.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
}
