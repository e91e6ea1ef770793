/** log4j 1.1 Priority: DEBUG < INFO < WARN < ERROR < FATAL. */
export class Priority {
  static readonly DEBUG = new Priority(10000, 'DEBUG');
  static readonly INFO = new Priority(20000, 'INFO');
  static readonly WARN = new Priority(30000, 'WARN');
  static readonly ERROR = new Priority(40000, 'ERROR');
  static readonly FATAL = new Priority(50000, 'FATAL');

  private constructor(
    readonly level: number,
    readonly name: string,
  ) {}

  isGreaterOrEqual(other: Priority): boolean {
    return this.level >= other.level;
  }
}

/** log4j 1.1 LoggingEvent: what a Category hands to its appenders. */
export class LoggingEvent {
  constructor(
    readonly categoryName: string,
    readonly priority: Priority,
    readonly message: string,
    readonly throwable: Error | null = null,
  ) {}
}
