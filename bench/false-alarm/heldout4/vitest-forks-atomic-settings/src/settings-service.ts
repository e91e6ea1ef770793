import { Settings, SettingsStore } from './settings-store.js';

export type Mutation = (settings: Settings) => Settings | Promise<Settings>;

export class TooManyConflicts extends Error {
  constructor(attempts: number) {
    super(`gave up after ${attempts} conflicting attempts`);
    this.name = 'TooManyConflicts';
  }
}

const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 3)));

/**
 * Optimistic update: take a snapshot, compute the change (possibly slowly, e.g. validating against
 * another service), and install it only if nobody else changed the document meanwhile; otherwise
 * start again from a fresh snapshot.
 */
export async function update(store: SettingsStore, mutate: Mutation, maxAttempts = 50): Promise<number> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const { version, settings } = store.snapshot();
    const next = await mutate(settings);
    if (await store.compareAndSet(version, next)) return version + 1;
    await jitter();
  }
  throw new TooManyConflicts(maxAttempts);
}

export const increment = (key: string, by = 1): Mutation => async (s) => {
  await jitter();
  return { ...s, [key]: Number(s[key] ?? 0) + by };
};

export const setFlag = (key: string, value: boolean): Mutation => (s) => ({ ...s, [key]: value });
