import { Job, JobStore } from './job-store';

export type Handler = (job: Job) => Promise<unknown>;

/** A counting semaphore: at most `permits` holders; release hands the permit to the next waiter. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];

  constructor(private permits: number) {}

  async acquire(): Promise<void> {
    if (this.permits > 0) {
      this.permits--;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.permits++;
  }

  async use<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await fn();
    } finally {
      this.release();
    }
  }
}

/** The mail gateway the invoice jobs call; the provider allows two connections at once. */
export class Mailer {
  readonly sent: Array<{ to: string; subject: string }> = [];
  active = 0;
  maxActive = 0;
  private readonly connections = new Semaphore(2);

  send(to: string, subject: string): Promise<void> {
    return this.connections.use(async () => {
      this.active++;
      this.maxActive = Math.max(this.maxActive, this.active);
      await new Promise((r) => setTimeout(r, 2 + Math.random() * 4));
      this.sent.push({ to, subject });
      this.active--;
    });
  }
}

export class Worker {
  processed = 0;

  constructor(readonly name: string, private readonly store: JobStore, private readonly handlers: Record<string, Handler>) {}

  /** Takes one job and runs it; false when the queue is empty. */
  async runOnce(): Promise<boolean> {
    const id = await this.store.nextQueued();
    if (!id) return false;
    const job = await this.store.claim(id, this.name);
    if (!job) return true; // another worker took it; look again
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await this.store.complete(job.id, await handler(job));
      this.processed++;
    } catch (err) {
      await this.store.fail(job.id, (err as Error).message);
    }
    return true;
  }

  async loop(): Promise<void> {
    while (await this.runOnce()) {
      // keep going until the queue is drained
    }
  }
}

export class WorkerPool {
  readonly workers: Worker[];

  constructor(store: JobStore, handlers: Record<string, Handler>, size: number) {
    this.workers = Array.from({ length: size }, (_, i) => new Worker(`w${i + 1}`, store, handlers));
  }

  async drain(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.loop()));
  }
}

export function invoiceHandlers(mailer: Mailer): Record<string, Handler> {
  return {
    'send-invoice': async (job) => {
      const { customer, invoice } = job.payload as { customer: string; invoice: string };
      await mailer.send(customer, `Invoice ${invoice}`);
      return { delivered: invoice };
    },
  };
}
