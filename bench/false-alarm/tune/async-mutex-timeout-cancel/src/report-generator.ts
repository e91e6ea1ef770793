import { E_CANCELED, E_TIMEOUT, Mutex, withTimeout, type MutexInterface } from 'async-mutex';
import { setTimeout as sleep } from 'node:timers/promises';

export type Outcome = { status: 'done'; report: string } | { status: 'busy' } | { status: 'cancelled' };

/**
 * Generates one report at a time (the renderer is single-threaded). A caller waits at most
 * `waitMs` for its turn; shutdown() turns every waiting caller away.
 */
export class ReportGenerator {
  private readonly lock: MutexInterface;
  readonly finished: string[] = [];
  rendering = 0;
  maxRendering = 0;

  constructor(waitMs: number) {
    this.lock = withTimeout(new Mutex(), waitMs);
  }

  async generate(name: string, renderMs: number): Promise<Outcome> {
    try {
      const report = await this.lock.runExclusive(() => this.render(name, renderMs));
      return { status: 'done', report };
    } catch (error) {
      if (error === E_TIMEOUT) return { status: 'busy' };
      if (error === E_CANCELED) return { status: 'cancelled' };
      throw error;
    }
  }

  /** Turns away everyone waiting; the report being rendered still finishes. */
  shutdown(): void {
    this.lock.cancel();
  }

  /** Resolves once no report is being rendered. */
  idle(): Promise<void> {
    return this.lock.waitForUnlock();
  }

  busy(): boolean {
    return this.lock.isLocked();
  }

  private async render(name: string, renderMs: number): Promise<string> {
    this.rendering++;
    this.maxRendering = Math.max(this.maxRendering, this.rendering);
    try {
      await sleep(renderMs);
      this.finished.push(name);
      return `<report ${name}>`;
    } finally {
      this.rendering--;
    }
  }
}
