import { EventEmitter } from 'events';
import { Registry } from './registry';

/** Keeps a node listed in the registry: registers it, then beats every `intervalMs`. */
export class Heartbeat extends EventEmitter {
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly registry: Registry,
    readonly nodeId: string,
    private readonly intervalMs = 5,
  ) {
    super();
  }

  start(): Promise<void> {
    if (!this.starting) {
      this.starting = this.register().catch((err) => {
        this.starting = null;
        throw err;
      });
    }
    return this.starting;
  }

  private async register(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.registry.register(this.nodeId, (err) => (err ? reject(err) : resolve())),
    );
    this.running = true;
    this.timer = setInterval(() => this.beat(), this.intervalMs);
    this.timer.unref();
    this.emit('started');
  }

  private beat(): void {
    this.registry.beat(this.nodeId);
    this.emit('beat');
  }

  stop(): void {
    if (!this.running) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.running = false;
    this.starting = null;
    this.emit('stopped');
  }

  get isRunning(): boolean {
    return this.running;
  }
}

/** Starts the heartbeat whenever the connection becomes ready, stops it when it closes. */
export function keepAlive(connection: EventEmitter, heartbeat: Heartbeat): void {
  connection.on('ready', () => {
    heartbeat.start().catch((err) => connection.emit('warning', err));
  });
  connection.on('close', () => heartbeat.stop());
}
