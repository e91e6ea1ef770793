// A fake document table standing in for the jobs collection of a database: every call is a
// round trip with a small random latency, and rows are copied in and out as a driver would.

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: JobStatus;
  worker: string | null;
  attempts: number;
  enqueuedAt: number;
  result?: unknown;
  error?: string;
}

const roundTrip = (minMs: number, maxMs: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, minMs + Math.random() * (maxMs - minMs)));

export class JobTable {
  private readonly rows = new Map<string, JobRow>();
  private seq = 0;
  queries = 0;

  async insert(row: Omit<JobRow, 'enqueuedAt'>): Promise<void> {
    await roundTrip(0, 2);
    this.queries++;
    this.rows.set(row.id, { ...row, enqueuedAt: ++this.seq });
  }

  async get(id: string): Promise<JobRow | undefined> {
    await roundTrip(1, 3);
    this.queries++;
    const row = this.rows.get(id);
    return row && { ...row, payload: { ...row.payload } };
  }

  /** Ids with the given status, oldest first (an index scan). */
  async idsByStatus(status: JobStatus, limit: number): Promise<string[]> {
    await roundTrip(1, 3);
    this.queries++;
    return [...this.rows.values()]
      .filter((r) => r.status === status)
      .sort((a, b) => a.enqueuedAt - b.enqueuedAt)
      .slice(0, limit)
      .map((r) => r.id);
  }

  async update(id: string, patch: Partial<JobRow>): Promise<void> {
    await roundTrip(1, 3);
    this.queries++;
    const row = this.rows.get(id);
    if (!row) throw new Error(`job ${id} not found`);
    this.rows.set(id, { ...row, ...patch });
  }

  /**
   * Conditional update, one round trip (UPDATE … WHERE status = $expected RETURNING *):
   * applies the patch only if the row still has the expected status.
   */
  async updateIfStatus(id: string, expected: JobStatus, patch: (row: JobRow) => Partial<JobRow>): Promise<JobRow | undefined> {
    await roundTrip(1, 3);
    this.queries++;
    const row = this.rows.get(id);
    if (!row || row.status !== expected) return undefined;
    const next = { ...row, ...patch(row) };
    this.rows.set(id, next);
    return { ...next };
  }

  snapshot(): JobRow[] {
    return [...this.rows.values()].map((r) => ({ ...r }));
  }
}
