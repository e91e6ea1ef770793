import { EventEmitter } from 'node:events';

/** An async log sink (a file or a log shipper): every line is written with an await. */
export class ActivityLog {
  readonly lines: string[] = [];

  async write(line: string): Promise<void> {
    await Promise.resolve();
    this.lines.push(line);
  }
}

/**
 * A message-broker client: publish() may be called before the connection is up; it waits for the
 * 'connected' event. connect() does the handshake, sets `connected` and emits 'connected' once.
 */
export class BrokerClient extends EventEmitter {
  connected = false;
  readonly sent: string[] = [];

  constructor(
    readonly url: string,
    private readonly log: ActivityLog,
    private readonly handshakeMs = 0,
  ) {
    super();
  }

  async connect(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.handshakeMs));
    this.connected = true;
    this.emit('connected');
  }

  /**
   * Resolves once the client is connected. The flag is checked, then a log line is written, and
   * only then is the listener attached: a 'connected' emitted during the log write is missed, and
   * the caller waits forever (a lost wake-up).
   */
  async whenConnected(): Promise<void> {
    if (this.connected) return;
    await this.log.write(`waiting for ${this.url}`);
    await new Promise<void>((resolve) => this.once('connected', resolve));
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.whenConnected();
    this.sent.push(`${topic}: ${message}`);
    await this.log.write(`published to ${topic}`);
  }
}
