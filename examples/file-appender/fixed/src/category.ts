import type { Appender } from './appender-skeleton.ts';
import { LoggingEvent, Priority } from './logging-event.ts';

/**
 * log4j 1.1 Category (a logger), cut down to what the subject needs: the printing methods build
 * a LoggingEvent and call callAppenders(), which hands it to every attached appender. This keeps
 * the log4j2 call depths of 004 Table IX: info (0) → callAppenders (1) → doAppend (2) →
 * append (3) → subAppend (4).
 */
export class Category {
  private readonly appenders: Appender[] = [];

  constructor(readonly name: string) {}

  addAppender(appender: Appender): void {
    if (!this.appenders.includes(appender)) this.appenders.push(appender);
  }

  async debug(message: string): Promise<void> {
    await this.callAppenders(new LoggingEvent(this.name, Priority.DEBUG, message));
  }

  async info(message: string): Promise<void> {
    await this.callAppenders(new LoggingEvent(this.name, Priority.INFO, message));
  }

  async warn(message: string): Promise<void> {
    await this.callAppenders(new LoggingEvent(this.name, Priority.WARN, message));
  }

  async error(message: string, t: Error | null = null): Promise<void> {
    await this.callAppenders(new LoggingEvent(this.name, Priority.ERROR, message, t));
  }

  async callAppenders(event: LoggingEvent): Promise<void> {
    for (const appender of this.appenders) {
      await appender.doAppend(event);
    }
  }
}
