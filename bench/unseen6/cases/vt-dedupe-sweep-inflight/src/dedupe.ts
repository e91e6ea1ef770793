/**
 * The webhook endpoint's dedupe window: event ids seen recently, kept in module state and swept by a
 * timer so the map does not grow for ever. A provider retries a delivery it got no answer for.
 */
interface Seen {
  firstSeen: number;
  done: boolean;
  doneAt?: number;
}

const seen = new Map<string, Seen>();
let windowMs = 60_000;
let timer: ReturnType<typeof setInterval> | undefined;

export const dedupeStats = { duplicates: 0, swept: 0 };

/** True for the first delivery of an id; false for a delivery of an id still in the window. */
export function claim(id: string): boolean {
  if (seen.has(id)) {
    dedupeStats.duplicates++;
    return false;
  }
  seen.set(id, { firstSeen: Date.now(), done: false });
  return true;
}

export function complete(id: string): void {
  const entry = seen.get(id);
  if (entry) {
    entry.done = true;
    entry.doneAt = Date.now();
  }
}

/** A failed delivery gives its id back, so that the provider's retry is processed. */
export function release(id: string): void {
  seen.delete(id);
}

const sweep = () => {
  const cutoff = Date.now() - windowMs;
  for (const [id, entry] of seen) {
    if (entry.firstSeen < cutoff) {
      seen.delete(id);
      dedupeStats.swept++;
    }
  }
};

export function startDedupe(options: { windowMs: number; sweepEveryMs: number }): void {
  stopDedupe();
  windowMs = options.windowMs;
  timer = setInterval(sweep, options.sweepEveryMs);
  timer.unref();
}

export function stopDedupe(): void {
  if (timer) clearInterval(timer);
  timer = undefined;
  seen.clear();
  dedupeStats.duplicates = 0;
  dedupeStats.swept = 0;
}

export const tracked = (): number => seen.size;
