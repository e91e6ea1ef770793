import { Mutex } from 'async-mutex';
import { LogLog, OnlyOnceErrorHandler, type ErrorHandler } from './helpers.ts';
import type { Layout } from './layout.ts';
import type { LoggingEvent, Priority } from './logging-event.ts';

/** log4j 1.1 Appender (004 Fig. 4: interface A). */
export interface Appender {
  doAppend(event: LoggingEvent): Promise<void>;
  close(): Promise<void>;
  getName(): string;
}

/** log4j 1.1 AppenderSkeleton (004 Fig. 4: abstract class B); `lock` stands for its monitor. */
export abstract class AppenderSkeleton implements Appender {
  protected layout: Layout | null = null;
  protected name = '';
  protected threshold: Priority | null = null;
  protected errorHandler: ErrorHandler = new OnlyOnceErrorHandler();
  protected closed = false;
  protected readonly lock = new Mutex();

  protected abstract append(event: LoggingEvent): Promise<void>;

  abstract close(): Promise<void>;

  getName(): string {
    return this.name;
  }

  setName(name: string): void {
    this.name = name;
  }

  setLayout(layout: Layout): void {
    this.layout = layout;
  }

  setThreshold(threshold: Priority | null): void {
    this.threshold = threshold;
  }

  isAsSevereAsThreshold(priority: Priority): boolean {
    return this.threshold === null || priority.isGreaterOrEqual(this.threshold);
  }

  /**
   * `public synchronized void doAppend(LoggingEvent event)`: checks closed and the threshold,
   * then calls the subclass's append() — all while holding the appender's lock.
   */
  async doAppend(event: LoggingEvent): Promise<void> {
    const release = await this.lock.acquire();
    try {
      if (this.closed) {
        LogLog.error(`Attempted to append to closed appender named [${this.name}].`);
        return;
      }
      if (!this.isAsSevereAsThreshold(event.priority)) {
        return;
      }
      await this.append(event);
    } finally {
      release();
    }
  }
}
