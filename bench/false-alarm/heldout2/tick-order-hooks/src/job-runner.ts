export interface JobResult {
  name: string;
  value: number;
}

type Hook = (r: JobResult) => void;

/**
 * Runs jobs on timers. When a job ends (inside its timer callback), the completion hooks are queued
 * with process.nextTick and the job's promise is resolved right after: Node runs the nextTick queue
 * before promise jobs, so whoever awaits the job sees the hooks' effects already.
 */
export class JobRunner {
  private readonly hooks: Hook[] = [];
  readonly order: string[] = [];

  onDone(hook: Hook): void {
    this.hooks.push(hook);
  }

  run(name: string, ms: number, compute: () => number = () => name.length): Promise<JobResult> {
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        let result: JobResult;
        try {
          result = { name, value: compute() };
        } catch (error) {
          reject(error);
          return;
        }
        queueMicrotask(() => this.order.push(`settled ${name}`));
        process.nextTick(() => {
          this.order.push(`hooks ${name}`);
          for (const hook of this.hooks) hook(result);
        });
        resolve(result);
      }, ms);
    });
  }
}

/** A metrics sink fed by the hooks. */
export class Metrics {
  readonly values = new Map<string, number>();
  count = 0;
  attach(runner: JobRunner): void {
    runner.onDone((r) => {
      this.count++;
      this.values.set(r.name, r.value);
    });
  }
}
