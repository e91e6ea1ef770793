export { jitter, pause } from '../src/order-bus.js';

/** Yields to the event loop until `cond()` holds. */
export async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise<void>((resolve) => setImmediate(resolve));
}

export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}
