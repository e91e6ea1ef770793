/** A gate the test opens: holders wait on `wait` until `open()` is called. */
export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** Yields to the event loop until `cond()` holds (no time bound beyond the test's own). */
export async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise<void>((resolve) => setImmediate(resolve));
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const jitter = () => pause(Math.floor(Math.random() * 5));
