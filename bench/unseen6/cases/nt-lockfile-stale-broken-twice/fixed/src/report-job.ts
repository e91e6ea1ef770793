import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileLock } from './file-lock.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReportState {
  runs: number;
  lastRunBy: string | null;
  totals: Record<string, number>;
}

/** The hosts' heartbeats, as the cluster's registry reports them (one round trip per question). */
export class Heartbeats {
  private readonly alive = new Set<string>();

  beat(host: string): void {
    this.alive.add(host);
  }

  async isAlive(host: string): Promise<boolean> {
    await pause(1 + Math.floor(Math.random() * 3));
    return this.alive.has(host);
  }
}

/** Builds the nightly sales report in a shared directory; at most one run may be in progress anywhere. */
export class ReportJob {
  private readonly lock: FileLock;

  constructor(private readonly dir: string, readonly host: string, heartbeats = new Heartbeats()) {
    heartbeats.beat(host);
    this.lock = new FileLock(join(dir, 'report.lock'), host, (owner) => heartbeats.isAlive(owner));
  }

  get locksBroken(): number {
    return this.lock.broken;
  }

  run(orders: Array<{ region: string; cents: number }>): Promise<ReportState> {
    return this.lock.withLock(() => this.build(orders));
  }

  private async build(orders: Array<{ region: string; cents: number }>): Promise<ReportState> {
    const marker = join(this.dir, 'report.running');
    try {
      await writeFile(marker, this.host, { flag: 'wx' });
    } catch {
      throw new Error(`${this.host}: another report run is in progress`);
    }
    try {
      const state = await readState(this.dir);
      for (const order of orders) state.totals[order.region] = (state.totals[order.region] ?? 0) + order.cents;
      await pause(2);
      const next = { ...state, runs: state.runs + 1, lastRunBy: this.host };
      await writeFile(join(this.dir, 'report.json'), JSON.stringify(next));
      return next;
    } finally {
      await rm(marker, { force: true });
    }
  }
}

export async function readState(dir: string): Promise<ReportState> {
  try {
    return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as ReportState;
  } catch {
    return { runs: 0, lastRunBy: null, totals: {} };
  }
}

/** One process's scheduler: its own triggers run one after another on a promise chain. */
export class Scheduler {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly job: ReportJob) {}

  trigger(orders: Array<{ region: string; cents: number }>): Promise<ReportState> {
    const run = this.tail.then(() => this.job.run(orders));
    this.tail = run.catch(() => undefined);
    return run;
  }
}
