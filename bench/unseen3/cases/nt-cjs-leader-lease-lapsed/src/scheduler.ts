import LeaseLock from './lease-lock.cjs';

export interface Job {
  id: string;
  dueAt: number;
}

export interface Execution {
  job: string;
  node: string;
  holder: string | null;
}

/** The shared list of scheduled jobs, and the audit log of every execution. */
export class JobBoard {
  readonly executions: Execution[] = [];

  constructor(
    private readonly lock: LeaseLock,
    private jobs: Job[] = [],
  ) {}

  add(id: string, dueAt: number): void {
    this.jobs.push({ id, dueAt });
  }

  takeDue(now: number, limit: number): Job[] {
    const due = this.jobs.filter((j) => j.dueAt <= now).slice(0, limit);
    this.jobs = this.jobs.filter((j) => !due.includes(j));
    return due;
  }

  execute(job: Job, node: string): void {
    this.executions.push({ job: job.id, node, holder: this.lock.holder });
  }
}

/** Cluster settings, read from the configuration service on every tick. */
export class Settings {
  constructor(private readonly limit = 10) {}

  batchLimit(): Promise<number> {
    return new Promise((resolve) => setTimeout(() => resolve(this.limit), 1 + Math.floor(Math.random() * 7)));
  }
}

export class SchedulerNode {
  constructor(
    readonly name: string,
    private readonly lock: LeaseLock,
    private readonly board: JobBoard,
    private readonly settings: Settings,
  ) {}

  campaign(ttlMs: number): Promise<boolean> {
    return new Promise((resolve, reject) => this.lock.tryAcquire(this.name, ttlMs, (err, ok) => (err ? reject(err) : resolve(ok))));
  }

  isLeader(): boolean {
    return this.lock.holds(this.name);
  }

  /** Runs the jobs that are due, if this node is the leader. */
  async tick(now = Date.now()): Promise<number> {
    if (!this.isLeader()) return 0;
    const limit = await this.settings.batchLimit();
    const due = this.board.takeDue(now, limit);
    for (const job of due) this.board.execute(job, this.name);
    return due.length;
  }
}
