import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeRenderer, Job, Renderer } from '../src/renderer';

export const tempDir = () => mkdtemp(join(tmpdir(), 'render-farm-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

/** A renderer whose renders wait until the test opens the gate. */
export function gatedRenderer(): { renderer: Renderer; open: () => void; waiting: () => number } {
  let opened = false;
  const waiters: (() => void)[] = [];
  return {
    renderer: async (job: Job) => {
      if (!opened) await new Promise<void>((resolve) => waiters.push(resolve));
      return fakeRenderer(job);
    },
    open: () => {
      opened = true;
      for (const w of waiters.splice(0)) w();
    },
    waiting: () => waiters.length,
  };
}
