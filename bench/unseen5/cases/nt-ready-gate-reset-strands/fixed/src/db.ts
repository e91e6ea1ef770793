import { ReadyGate } from './gate.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export interface UserRow {
  id: number;
  email: string;
  name: string;
}

/** A fake database server that takes a while to boot; handshakes before it is up are refused. */
export class FakeDbServer {
  private upAt: number;
  private readonly users = new Map<number, UserRow>();
  private nextId = 1;
  handshakes = 0;
  refused = 0;

  constructor(bootMs = 0) {
    this.upAt = Date.now() + bootMs;
  }

  get up(): boolean {
    return Date.now() >= this.upAt;
  }

  restart(downMs: number): void {
    this.upAt = Date.now() + downMs;
  }

  async handshake(): Promise<void> {
    this.handshakes++;
    await sleep(between(1, 3));
    if (!this.up) {
      this.refused++;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }
  }

  async insertUser(email: string, name: string): Promise<UserRow> {
    await sleep(between(1, 3));
    for (const u of this.users.values()) if (u.email === email) throw new Error(`duplicate email ${email}`);
    const row = { id: this.nextId++, email, name };
    this.users.set(row.id, row);
    return { ...row };
  }

  async selectUser(id: number): Promise<UserRow | undefined> {
    await sleep(between(1, 3));
    const row = this.users.get(id);
    return row && { ...row };
  }
}

/** The service's database client: queries wait until the connection is ready; connecting retries with backoff. */
export class DbClient {
  private readonly gate = new ReadyGate();
  lastError: Error | undefined;

  constructor(
    private readonly server: FakeDbServer,
    private readonly maxAttempts = 8,
    private readonly backoffMs = 3,
  ) {}

  get ready(): boolean {
    return this.gate.isOpen;
  }

  async connect(): Promise<void> {
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      try {
        await this.server.handshake();
        this.gate.open();
        return;
      } catch (err) {
        this.lastError = err as Error;
        this.gate.reset();
        await sleep(this.backoffMs * attempt);
      }
    }
    throw new Error(`database unreachable after ${this.maxAttempts} attempts: ${this.lastError?.message}`);
  }

  /** After a failover: hold new queries back until the connection is re-established. */
  async reconnect(): Promise<void> {
    this.gate.reset();
    await this.connect();
  }

  async query<T>(run: (server: FakeDbServer) => Promise<T>): Promise<T> {
    await this.gate.wait();
    return run(this.server);
  }
}
