import { Sema } from 'async-sema';
import { Tab } from './tab.ts';

/** Renders pages on a fixed pool of tabs; each tab is a token of the semaphore. */
export class Renderer {
  readonly tabs: Tab[] = [];
  private readonly sema: Sema;
  inUse = 0;
  maxInUse = 0;

  constructor(readonly size = 3) {
    this.sema = new Sema(size, {
      initFn: () => {
        const tab = new Tab(this.tabs.length + 1);
        this.tabs.push(tab);
        return tab;
      },
    });
  }

  /** Runs `work` with a tab of its own. */
  async withTab<T>(work: (tab: Tab) => Promise<T>): Promise<T> {
    const tab: Tab = await this.sema.acquire();
    this.inUse++;
    this.maxInUse = Math.max(this.maxInUse, this.inUse);
    try {
      return await work(tab);
    } finally {
      this.inUse--;
      this.sema.release(tab);
    }
  }

  render(url: string, ms?: number): Promise<string> {
    return this.withTab((tab) => tab.render(url, ms));
  }

  /** Renders now if a tab is free, otherwise says so instead of waiting. */
  async renderIfFree(url: string): Promise<string | undefined> {
    const tab: Tab | undefined = this.sema.tryAcquire();
    if (!tab) return undefined;
    this.inUse++;
    try {
      return await tab.render(url);
    } finally {
      this.inUse--;
      this.sema.release(tab);
    }
  }

  waiting(): number {
    return this.sema.nrWaiting();
  }

  /** Waits until every tab is back and returns them (the renderer is unusable afterwards). */
  async shutdown(): Promise<Tab[]> {
    return (await this.sema.drain()) as Tab[];
  }
}
