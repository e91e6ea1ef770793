import type { FakeTransport } from './transport.ts';

export type SendResult = 'sent' | 'queued';

/** Sends frames over the transport, keeping them in an outbox while it is (re)connecting. */
export class ReliableChannel {
  private connected = false;
  private readonly outbox: string[] = [];
  private connecting: Promise<void> | undefined;

  constructor(private readonly transport: FakeTransport) {
    transport.on('close', () => {
      this.connected = false;
      this.start();
    });
  }

  start(): Promise<void> {
    this.connecting = this.connect();
    return this.connecting;
  }

  /** Resolves once the current connection attempt is done. */
  ready(): Promise<void> {
    return this.connecting ?? Promise.resolve();
  }

  async send(frame: string): Promise<SendResult> {
    if (!this.connected) {
      this.outbox.push(frame);
      return 'queued';
    }
    await this.transport.write(frame);
    return 'sent';
  }

  private async connect(): Promise<void> {
    await this.transport.connect();
    const backlog = this.outbox.splice(0);
    for (const frame of backlog) await this.transport.write(frame);
    this.connected = true;
  }

  get queued(): number {
    return this.outbox.length;
  }
}
