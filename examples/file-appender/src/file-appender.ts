import { AppenderSkeleton } from './appender-skeleton.ts';
import { LogLog, QuietWriter, TracerPrintWriter } from './helpers.ts';
import type { Layout } from './layout.ts';
import type { LoggingEvent } from './logging-event.ts';
import { FileWriter, type MemoryFile } from './memory-file.ts';

/**
 * log4j 1.1 FileAppender (004 §V-A, SIR log4j2; Fig. 4: class C). doAppend() (inherited,
 * synchronized) → append() → checkEntryConditions(), subAppend(). close() is NOT synchronized:
 * it can set closed, close the file and null qw and tp while subAppend() is between its
 * awaits — FileAppender.append is not atomic with respect to close().
 */
export class FileAppender extends AppenderSkeleton {
  protected fileAppend = true;
  protected immediateFlush = true;
  protected qw: QuietWriter | null = null;
  protected tp: TracerPrintWriter | null = null;
  protected fileName: string | null = null;
  protected qwIsOurs = false;

  constructor(layout: Layout, file: MemoryFile, append = true) {
    super();
    this.layout = layout;
    this.setFile(file, append);
  }

  /** Opens `file` (closing the previous one) as the output target. */
  setFile(file: MemoryFile, append: boolean): void {
    this.reset();
    this.qw = new QuietWriter(new FileWriter(file, append), this.errorHandler);
    this.tp = new TracerPrintWriter(this.qw);
    this.fileName = file.name;
    this.fileAppend = append;
    this.qwIsOurs = true;
  }

  setImmediateFlush(immediateFlush: boolean): void {
    this.immediateFlush = immediateFlush;
  }

  /**
   * Called by AppenderSkeleton.doAppend. The nesting of calls is:
   * doAppend() - check threshold - append() - checkEntryConditions() - subAppend().
   * @atomic
   */
  protected async append(event: LoggingEvent): Promise<void> {
    if (!this.checkEntryConditions()) {
      return;
    }
    await this.subAppend(event);
  }

  protected checkEntryConditions(): boolean {
    if (this.qw === null) {
      this.errorHandler.error(`No output target set for appender named "${this.name}".`);
      return false;
    }
    if (this.layout === null) {
      this.errorHandler.error(`No layout set for appender named "${this.name}".`);
      return false;
    }
    return true;
  }

  /** log4j 1.1: `public void close() { this.closed = true; reset(); }` — no lock. */
  async close(): Promise<void> {
    this.closed = true;
    this.reset();
  }

  protected closeWriterIfOurs(): void {
    if (this.qwIsOurs && this.qw !== null) {
      try {
        this.qw.close();
      } catch (e) {
        LogLog.error(`Could not close output stream ${this.fileName}: ${String(e)}`);
      }
    }
  }

  /**
   * Actual writing occurs here. qw and tp are read again after every await: a close() in
   * between leaves them null (or the stream closed under a pending write).
   */
  protected async subAppend(event: LoggingEvent): Promise<void> {
    await this.qw!.write(this.layout!.format(event));
    if (this.layout!.ignoresThrowable() && event.throwable !== null) {
      await this.tp!.printStackTrace(event.throwable);
    }
    if (this.immediateFlush) {
      await this.qw!.flush();
    }
  }

  protected reset(): void {
    this.closeWriterIfOurs();
    this.fileName = null;
    this.qw = null;
    this.tp = null;
  }
}
