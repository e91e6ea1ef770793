import type { JobStore } from './job-store.ts';

export interface Job {
  id: string;
  payload: number;
}

export function makeJobs(prefix: string, payloads: number[]): Job[] {
  return payloads.map((payload, i) => ({ id: `${prefix}-${i + 1}`, payload }));
}

export class JobQueue {
  private readonly jobs: Job[] = [];

  constructor(private readonly store: JobStore) {}

  enqueue(...jobs: Job[]): void {
    this.jobs.push(...jobs);
  }

  get size(): number {
    return this.jobs.length;
  }

  async take(worker: string): Promise<Job | undefined> {
    const job = this.jobs[0];
    if (!job) return undefined;
    await this.store.markRunning(job.id, worker);
    this.jobs.shift();
    return job;
  }

  async complete(job: Job): Promise<void> {
    await this.store.markDone(job.id);
  }
}

export async function runWorker(queue: JobQueue, name: string, handle: (job: Job) => Promise<void>): Promise<number> {
  let handled = 0;
  for (;;) {
    const job = await queue.take(name);
    if (!job) return handled;
    await handle(job);
    await queue.complete(job);
    handled++;
  }
}
