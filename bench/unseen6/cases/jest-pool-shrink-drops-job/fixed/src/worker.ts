import { EventEmitter } from 'node:events';

export interface ResizeJob {
  imageId: string;
  width: number;
}

export type Done<R> = (error: Error | null, result?: R) => void;

let nextWorkerId = 1;
const jitter = (min: number, spread: number) => min + Math.floor(Math.random() * spread);

/** A stand-in for an image worker thread: callback API, a job takes a few milliseconds, stop() flushes and exits. */
export class ImageWorker extends EventEmitter {
  readonly id = nextWorkerId++;
  exited = false;
  jobsDone = 0;
  private readonly running = new Map<number, Done<string>>();
  private seq = 0;

  exec(job: ResizeJob, done: Done<string>): void {
    if (this.exited) {
      process.nextTick(done, new Error(`worker ${this.id} has exited`));
      return;
    }
    const key = this.seq++;
    this.running.set(key, done);
    setTimeout(() => {
      if (!this.running.delete(key)) return;
      this.jobsDone++;
      done(null, `thumb:${job.imageId}@${job.width}`);
    }, jitter(2, 4));
  }

  /** Flushes the worker's caches, then exits; jobs still running are lost with it. */
  stop(done: () => void): void {
    setTimeout(() => {
      this.exited = true;
      for (const [key, lost] of this.running) {
        this.running.delete(key);
        lost(new Error(`worker ${this.id} exited during a job`));
      }
      this.emit('exit');
      done();
    }, jitter(2, 4));
  }
}
