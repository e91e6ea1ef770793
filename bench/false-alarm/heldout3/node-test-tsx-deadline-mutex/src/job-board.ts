import { readFile, writeFile } from 'node:fs/promises';
import { Mutex } from './mutex.ts';

export interface Job {
  id: number;
  title: string;
  claimedBy: string | null;
  done: boolean;
}

/** Jobs in a JSON file. Every change is a read-modify-write of the file under one mutex. */
export class JobBoard {
  readonly mutex = new Mutex();
  readonly log: string[] = [];

  constructor(readonly path: string) {}

  async reset(titles: string[]): Promise<void> {
    const jobs: Job[] = titles.map((title, i) => ({ id: i + 1, title, claimedBy: null, done: false }));
    await writeFile(this.path, JSON.stringify(jobs));
  }

  async jobs(): Promise<Job[]> {
    return JSON.parse(await readFile(this.path, 'utf8')) as Job[];
  }

  private change<T>(what: string, fn: (jobs: Job[]) => T): Promise<T> {
    return this.mutex.run(async () => {
      const jobs = await this.jobs();
      const result = fn(jobs);
      await writeFile(this.path, JSON.stringify(jobs));
      this.log.push(what);
      return result;
    });
  }

  /** Claims the first unclaimed job for `worker`; null when none is left. */
  claim(worker: string): Promise<Job | null> {
    return this.change(`claim ${worker}`, (jobs) => {
      const job = jobs.find((j) => j.claimedBy === null);
      if (!job) return null;
      job.claimedBy = worker;
      return { ...job };
    });
  }

  complete(id: number, worker: string): Promise<void> {
    return this.change(`complete ${id}`, (jobs) => {
      const job = jobs.find((j) => j.id === id);
      if (!job || job.claimedBy !== worker) throw new Error(`job ${id} is not claimed by ${worker}`);
      job.done = true;
    });
  }

  add(title: string): Promise<number> {
    return this.change(`add ${title}`, (jobs) => {
      const id = jobs.reduce((max, j) => Math.max(max, j.id), 0) + 1;
      jobs.push({ id, title, claimedBy: null, done: false });
      return id;
    });
  }
}
