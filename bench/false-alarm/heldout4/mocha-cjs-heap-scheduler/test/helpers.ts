import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

export const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5)));
export const tempDir = () => mkdtemp(join(tmpdir(), 'heap-scheduler-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });
