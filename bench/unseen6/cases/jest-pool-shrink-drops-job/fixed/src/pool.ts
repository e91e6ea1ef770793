import type { Done } from './worker';

export interface PoolWorker<J, R> {
  readonly id: number;
  exec(job: J, done: Done<R>): void;
  stop(done: () => void): void;
}

export interface Pool<J, R> {
  run(job: J): Promise<R>;
  resize(size: number): Promise<void>;
  readonly size: number;
  readonly stats: { started: number; retired: number; completed: number };
}

interface Task<J, R> {
  job: J;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

/** A pool of long-lived workers: jobs queue until a worker is idle; resize() adds workers or retires idle ones. */
export function createPool<J, R>(spawn: () => PoolWorker<J, R>, initialSize: number): Pool<J, R> {
  const all = new Set<PoolWorker<J, R>>();
  const idle: PoolWorker<J, R>[] = [];
  const leaving = new Set<PoolWorker<J, R>>();
  const queue: Task<J, R>[] = [];
  const stats = { started: 0, retired: 0, completed: 0 };
  let target = initialSize;

  const add = () => {
    const worker = spawn();
    all.add(worker);
    idle.push(worker);
    stats.started++;
  };

  const retireOne = (): Promise<void> =>
    new Promise((resolve) => {
      const victim = idle.find((w) => !leaving.has(w));
      if (!victim) return resolve();
      idle.splice(idle.indexOf(victim), 1);
      leaving.add(victim);
      victim.stop(() => {
        all.delete(victim);
        leaving.delete(victim);
        stats.retired++;
        resolve();
      });
    });

  const finished = (worker: PoolWorker<J, R>) => {
    if (!all.has(worker) || leaving.has(worker)) return;
    idle.push(worker);
    if (all.size - leaving.size > target) void retireOne();
    dispatch();
  };

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const task = queue.shift()!;
      worker.exec(task.job, (error, result) => {
        if (error) task.reject(error);
        else {
          stats.completed++;
          task.resolve(result as R);
        }
        finished(worker);
      });
    }
  };

  for (let i = 0; i < initialSize; i++) add();

  return {
    run: (job) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      }),
    resize: async (size) => {
      target = Math.max(1, size);
      while (all.size < target) add();
      dispatch();
      const retirements: Promise<void>[] = [];
      for (let n = all.size - leaving.size - target; n > 0 && idle.some((w) => !leaving.has(w)); n--) retirements.push(retireOne());
      await Promise.all(retirements);
    },
    get size() {
      return all.size - leaving.size;
    },
    stats,
  };
}
