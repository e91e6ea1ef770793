export interface Job {
  id: number;
  cost: number;
}

export interface Result {
  id: number;
  worker: number;
  output: string;
}

/** A queue drained by `workers` async loops. Taking an item (shift) is synchronous, so no two workers take the same one. */
export class JobQueue {
  private readonly items: Job[] = [];
  readonly results: Result[] = [];
  active = 0;
  maxActive = 0;
  attempts = new Map<number, number>();

  constructor(private readonly handler: (job: Job) => Promise<string>, private readonly workers = 3) {}

  add(...jobs: Job[]): void {
    this.items.push(...jobs);
  }

  /** Starts the workers and resolves when the queue is empty and every worker has stopped. */
  async run(): Promise<Result[]> {
    await Promise.all(Array.from({ length: this.workers }, (_, w) => this.worker(w + 1)));
    return this.results;
  }

  pending(): number {
    return this.items.length;
  }

  private async worker(id: number): Promise<void> {
    for (let job = this.items.shift(); job; job = this.items.shift()) {
      this.attempts.set(job.id, (this.attempts.get(job.id) ?? 0) + 1);
      this.active++;
      this.maxActive = Math.max(this.maxActive, this.active);
      try {
        const output = await this.handler(job);
        this.results.push({ id: job.id, worker: id, output });
      } catch (error) {
        this.results.push({ id: job.id, worker: id, output: `failed: ${(error as Error).message}` });
      } finally {
        this.active--;
      }
    }
  }
}

/** A handler that simulates work with a timer proportional to the job's cost. */
export async function simulate(job: Job): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, job.cost));
  if (job.cost < 0) throw new Error(`bad cost ${job.cost}`);
  return `job ${job.id} done`;
}
