export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

export async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise<void>((resolve) => setImmediate(resolve));
}

export const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5)));
