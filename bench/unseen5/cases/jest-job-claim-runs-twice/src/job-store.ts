import { JobRow, JobTable } from './job-table';

export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** The queue's view of the job table: enqueue, find work, claim it, record the outcome. */
export class JobStore {
  private nextId = 1;

  constructor(private readonly table: JobTable) {}

  async enqueue(kind: string, payload: Record<string, unknown>): Promise<string> {
    const id = `job-${this.nextId++}`;
    await this.table.insert({ id, kind, payload, status: 'queued', worker: null, attempts: 0 });
    return id;
  }

  async nextQueued(): Promise<string | undefined> {
    const [id] = await this.table.idsByStatus('queued', 1);
    return id;
  }

  /** Takes a queued job for `worker`; undefined when someone else already has it. */
  async claim(id: string, worker: string): Promise<Job | undefined> {
    const row = await this.table.get(id);
    if (!row || row.status !== 'queued') return undefined;
    await this.table.update(id, { status: 'running', worker, attempts: row.attempts + 1 });
    return { id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts + 1 };
  }

  async complete(id: string, result: unknown): Promise<void> {
    await this.table.update(id, { status: 'done', result });
  }

  async fail(id: string, error: string): Promise<void> {
    await this.table.update(id, { status: 'failed', error });
  }

  async status(id: string): Promise<JobRow | undefined> {
    return this.table.get(id);
  }
}
