/** Time source; tests move it by hand. */
export interface Clock {
  now(): number;
}

export class ManualClock implements Clock {
  constructor(private current = 0) {}

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export interface RefillRecord {
  key: string;
  earned: number;
  at: number;
}

/** Append-only journal of refills, so a restarted limiter can pick up where it was. */
export class Journal {
  readonly records: RefillRecord[] = [];

  append(record: RefillRecord): Promise<void> {
    return new Promise((resolve) => {
      setImmediate(() => {
        this.records.push(record);
        resolve();
      });
    });
  }
}
