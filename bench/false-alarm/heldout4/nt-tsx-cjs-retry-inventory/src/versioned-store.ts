export interface Row {
  value: number;
  version: number;
}

export class ConflictError extends Error {
  constructor(readonly key: string, readonly expected: number, readonly actual: number) {
    super(`${key}: expected version ${expected}, found ${actual}`);
    this.name = 'ConflictError';
  }
}

const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));

/** A remote key-value store with versioned rows: a put names the version it was computed from. */
export class VersionedStore {
  private readonly rows = new Map<string, Row>();
  /** Puts wait here before reaching the store (a test holds them to line up a conflict). */
  holdPuts: Promise<void> | undefined;
  waitingPuts = 0;
  conflicts = 0;
  lowest = Infinity;

  seed(key: string, value: number): void {
    this.rows.set(key, { value, version: 1 });
  }

  async get(key: string): Promise<Row | undefined> {
    await jitter();
    const row = this.rows.get(key);
    return row && { ...row };
  }

  async put(key: string, value: number, expectedVersion: number): Promise<Row> {
    if (this.holdPuts) {
      this.waitingPuts++;
      await this.holdPuts;
      this.waitingPuts--;
    }
    await jitter();
    const current = this.rows.get(key);
    const actual = current?.version ?? 0;
    if (actual !== expectedVersion) {
      this.conflicts++;
      throw new ConflictError(key, expectedVersion, actual);
    }
    const row = { value, version: actual + 1 };
    this.rows.set(key, row);
    this.lowest = Math.min(this.lowest, value);
    return { ...row };
  }
}
