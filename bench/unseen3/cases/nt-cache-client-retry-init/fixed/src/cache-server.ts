import { setTimeout as delay } from 'node:timers/promises';

/** A few milliseconds of network, different each time. */
export function jitter(): number {
  return 1 + Math.floor(Math.random() * 5);
}

/** An in-memory stand-in for the cache server: counts the connections it accepts. */
export class CacheServer {
  opened = 0;
  live = 0;
  refusals = 0;
  private refuseNext = 0;
  readonly data = new Map<string, string>();

  constructor(private readonly latency: () => number = jitter) {}

  /** The next `n` connection attempts are refused, as while the server restarts. */
  refuse(n: number): void {
    this.refuseNext = n;
  }

  async connect(): Promise<Connection> {
    await delay(this.latency());
    if (this.refuseNext > 0) {
      this.refuseNext--;
      this.refusals++;
      throw new Error('ECONNREFUSED');
    }
    this.opened++;
    this.live++;
    return new Connection(this, this.opened);
  }
}

export class Connection {
  closed = false;

  constructor(private readonly server: CacheServer, readonly id: number) {}

  async get(key: string): Promise<string | undefined> {
    await delay(1);
    return this.server.data.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    await delay(1);
    this.server.data.set(key, value);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.server.live--;
  }
}
