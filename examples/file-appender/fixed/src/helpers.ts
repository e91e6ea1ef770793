/** log4j 1.1 org.apache.log4j.helpers: LogLog, the error handlers, QuietWriter, TracerPrintWriter. */

/** log4j's internal log ("log4j:ERROR …" on System.err); kept in memory here. */
export class LogLog {
  static readonly errors: string[] = [];

  static error(message: string): void {
    LogLog.errors.push(message);
  }
}

export const ErrorCode = { GENERIC_FAILURE: 0, WRITE_FAILURE: 1, FLUSH_FAILURE: 2, CLOSE_FAILURE: 3 } as const;

export interface ErrorHandler {
  error(message: string, e?: unknown, errorCode?: number): void;
}

/** Reports the first error only and swallows the rest: appender failures stay quiet. */
export class OnlyOnceErrorHandler implements ErrorHandler {
  private firstTime = true;

  error(message: string, e?: unknown): void {
    if (this.firstTime) {
      LogLog.error(e instanceof Error ? `${message} ${e.message}` : message);
      this.firstTime = false;
    }
  }
}

/** A character stream, like java.io.Writer. */
export interface Writer {
  write(text: string): Promise<void>;
  flush(): Promise<void>;
  close(): void;
}

/** Wraps a Writer and hands every I/O error to the ErrorHandler instead of throwing it. */
export class QuietWriter {
  constructor(
    private readonly out: Writer,
    private readonly errorHandler: ErrorHandler,
  ) {}

  async write(text: string): Promise<void> {
    try {
      await this.out.write(text);
    } catch (e) {
      this.errorHandler.error(`Failed to write [${text.trimEnd()}].`, e, ErrorCode.WRITE_FAILURE);
    }
  }

  async flush(): Promise<void> {
    try {
      await this.out.flush();
    } catch (e) {
      this.errorHandler.error('Failed to flush writer,', e, ErrorCode.FLUSH_FAILURE);
    }
  }

  close(): void {
    this.out.close();
  }
}

/** Prints stack traces (of events' throwables) to a QuietWriter. */
export class TracerPrintWriter {
  constructor(private readonly qw: QuietWriter) {}

  async printStackTrace(t: Error): Promise<void> {
    await this.qw.write(`${t.stack ?? `${t.name}: ${t.message}`}\n`);
  }
}
