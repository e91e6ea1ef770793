import { RenderCost, RenderJob, RenderReply, RenderWorker, defaultCost } from './worker';

export class RenderTimeoutError extends Error {
  constructor(readonly docId: string, ms: number) {
    super(`render of ${docId} took longer than ${ms} ms`);
  }
}

interface Task {
  job: RenderJob;
  timeoutMs: number;
  resolve: (reply: RenderReply) => void;
  reject: (err: Error) => void;
}

/** A fixed set of render workers; each takes one job at a time, the rest wait in line. */
export class RenderPool {
  private readonly idle: RenderWorker[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  readonly workers: RenderWorker[];
  timeouts = 0;

  constructor(size: number, cost: RenderCost = defaultCost) {
    this.workers = Array.from({ length: size }, (_, i) => new RenderWorker(`render-${i + 1}`, cost));
    this.idle.push(...this.workers);
  }

  render(docId: string, width: number, timeoutMs: number): Promise<RenderReply> {
    return new Promise<RenderReply>((resolve, reject) => {
      this.waiting.push({ job: { id: this.nextId++, docId, width }, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  private pump(): void {
    while (this.idle.length > 0 && this.waiting.length > 0) {
      this.dispatch(this.idle.shift()!, this.waiting.shift()!);
    }
  }

  private release(worker: RenderWorker): void {
    this.idle.push(worker);
    this.pump();
  }

  private dispatch(worker: RenderWorker, task: Task): void {
    const onMessage = (reply: RenderReply) => {
      // A late reply to a job that timed out earlier on this worker is not this task's.
      if (reply.id !== task.job.id) return;
      worker.off('message', onMessage);
      clearTimeout(timer);
      this.release(worker);
      task.resolve(reply);
    };
    worker.on('message', onMessage);
    const timer = setTimeout(() => {
      worker.off('message', onMessage);
      this.timeouts++;
      this.release(worker);
      task.reject(new RenderTimeoutError(task.job.docId, task.timeoutMs));
    }, task.timeoutMs);
    worker.postMessage(task.job);
  }
}
