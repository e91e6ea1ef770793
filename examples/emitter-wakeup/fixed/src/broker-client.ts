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
   * Resolves once the client is connected. Fixed: the listener is attached in the same
   * synchronous step as the flag check, before any await, so the 'connected' event cannot fall
   * between them.
   */
  async whenConnected(): Promise<void> {
    if (this.connected) return;
    const connected = new Promise<void>((resolve) => this.once('connected', resolve));
    await this.log.write(`waiting for ${this.url}`);
    await connected;
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.whenConnected();
    this.sent.push(`${topic}: ${message}`);
    await this.log.write(`published to ${topic}`);
  }
}
