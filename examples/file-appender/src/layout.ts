import type { LoggingEvent } from './logging-event.ts';

export interface Layout {
  format(event: LoggingEvent): string;
  /** True when the layout leaves the event's throwable to the appender. */
  ignoresThrowable(): boolean;
}

/** log4j 1.1 SimpleLayout: "INFO - message". */
export class SimpleLayout implements Layout {
  format(event: LoggingEvent): string {
    return `${event.priority.name} - ${event.message}\n`;
  }

  ignoresThrowable(): boolean {
    return true;
  }
}
