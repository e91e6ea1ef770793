import { setTimeout as sleep } from 'node:timers/promises';

/** The write-ahead journal: every queued job is recorded durably before it is scheduled. */
export interface Journal {
  record(key: string, label: string): Promise<number>;
}

export const createMemoryJournal = (latency: [number, number] = [1, 4]) => {
  const entries: Array<{ seq: number; key: string; label: string }> = [];
  const journal: Journal & { entries: typeof entries } = {
    entries,
    record: async (key, label) => {
      await sleep(latency[0] + Math.floor(Math.random() * (latency[1] - latency[0] + 1)));
      const seq = entries.length + 1;
      entries.push({ seq, key, label });
      return seq;
    },
  };
  return journal;
};

// Tail of each key's queue: the promise of the last job scheduled for that key.
const tails = new Map<string, Promise<unknown>>();
let running = 0;
let peakPerKey = 0;
const active = new Map<string, number>();

const settle = (p: Promise<unknown>) => p.then(
  () => undefined,
  () => undefined,
);

/** Runs job after every earlier job of the same key has finished; jobs of different keys run concurrently. */
export const runSerial = async <T>(journal: Journal, key: string, label: string, job: () => Promise<T>): Promise<T> => {
  await journal.record(key, label);
  // read the tail and replace it in one step, with no await between them
  const previous = tails.get(key) ?? Promise.resolve();
  const result = settle(previous).then(() => track(key, job));
  const tail = settle(result);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
};

const track = async <T>(key: string, job: () => Promise<T>): Promise<T> => {
  running++;
  const now = (active.get(key) ?? 0) + 1;
  active.set(key, now);
  peakPerKey = Math.max(peakPerKey, now);
  try {
    return await job();
  } finally {
    running--;
    active.set(key, (active.get(key) ?? 1) - 1);
  }
};

export const queueStats = () => ({ running, peakPerKey, keys: tails.size });

export const resetQueueStats = (): void => {
  peakPerKey = 0;
};
