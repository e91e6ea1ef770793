import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Semaphore from 'semaphore-async-await';
import { fakeRenderer, Job, Renderer } from './renderer';

/** Renders jobs into `outDir`, at most `slots` at a time (a counting semaphore of permits). */
export class RenderFarm {
  private readonly permits: Semaphore;
  active = 0;
  maxActive = 0;
  readonly started: string[] = [];

  constructor(readonly outDir: string, readonly slots = 3, private readonly renderer: Renderer = fakeRenderer) {
    this.permits = new Semaphore(slots);
  }

  freeSlots(): number {
    return this.permits.getPermits();
  }

  /** Waits for a slot; the slot is released in `finally`, whether the render worked or not. */
  async render(job: Job): Promise<string> {
    await this.permits.acquire();
    try {
      return await this.run(job);
    } finally {
      this.permits.release();
    }
  }

  /** Takes a slot only if one is free right now (decided synchronously, before any await). */
  tryRender(job: Job): Promise<string> | 'busy' {
    if (!this.permits.tryAcquire()) return 'busy';
    return this.run(job).finally(() => this.permits.release());
  }

  /** Waits at most `ms` for a slot. */
  async renderWithin(job: Job, ms: number): Promise<string | 'timed-out'> {
    const got = await this.permits.waitFor(ms);
    if (!got) return 'timed-out';
    try {
      return await this.run(job);
    } finally {
      this.permits.release();
    }
  }

  private async run(job: Job): Promise<string> {
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    this.started.push(job.id);
    try {
      const image = await this.renderer(job);
      const file = join(this.outDir, `${job.id}.txt`);
      await writeFile(file, image);
      return file;
    } finally {
      this.active--;
    }
  }
}
