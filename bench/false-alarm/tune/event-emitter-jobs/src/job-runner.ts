import { EventEmitter, once } from 'node:events';

export interface JobDone {
  id: string;
  output: string;
}

/** Runs jobs in the background and announces each end with a `done:<id>` or `failed:<id>` event. */
export class JobRunner extends EventEmitter {
  private next = 0;
  readonly log: string[] = [];

  /** Starts a job and returns its id; the work begins on a later turn. */
  start(input: string, ms = 3): string {
    const id = `job-${++this.next}`;
    setTimeout(() => {
      if (input === 'boom') {
        this.log.push(`${id} failed`);
        this.emit(`failed:${id}`, new Error(`job ${id} exploded`));
      } else {
        this.log.push(`${id} done`);
        this.emit(`done:${id}`, { id, output: input.toUpperCase() } satisfies JobDone);
      }
    }, ms);
    return id;
  }

  /** Starts a job and waits for its end. The listener is attached before start() can emit. */
  async run(input: string, ms?: number): Promise<JobDone> {
    const ac = new AbortController();
    const id = `job-${this.next + 1}`;
    const done = once(this, `done:${id}`, { signal: ac.signal });
    const failed = once(this, `failed:${id}`, { signal: ac.signal }).then(([error]) => {
      throw error;
    });
    this.start(input, ms);
    try {
      const [result] = (await Promise.race([done, failed])) as [JobDone];
      return result;
    } finally {
      ac.abort(); // removes the listener that did not fire
      done.catch(() => undefined);
      failed.catch(() => undefined);
    }
  }

  listeners(): number {
    return this.eventNames().reduce((n, name) => n + this.listenerCount(name), 0);
  }
}
