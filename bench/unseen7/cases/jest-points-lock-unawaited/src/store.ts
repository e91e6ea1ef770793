/** A fake points database: one row per member and an append-only history, with network latency. */

export interface Account {
  memberId: string;
  points: number;
  version: number;
}

export interface HistoryEntry {
  memberId: string;
  delta: number;
  reason: string;
  balance: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class PointsStore {
  private readonly rows = new Map<string, Account>();
  readonly history: HistoryEntry[] = [];
  reads = 0;
  writes = 0;

  constructor(private readonly latency: [number, number] = [1, 6]) {}

  private roundTrip(): Promise<void> {
    const [min, max] = this.latency;
    return sleep(min + Math.floor(Math.random() * (max - min + 1)));
  }

  seed(memberId: string, points: number): void {
    this.rows.set(memberId, { memberId, points, version: 1 });
  }

  async get(memberId: string): Promise<Account> {
    await this.roundTrip();
    this.reads++;
    const row = this.rows.get(memberId);
    if (!row) throw new Error(`unknown member ${memberId}`);
    return { ...row };
  }

  async put(account: Account): Promise<void> {
    await this.roundTrip();
    this.writes++;
    this.rows.set(account.memberId, { ...account });
  }

  async appendHistory(entry: HistoryEntry): Promise<void> {
    await this.roundTrip();
    this.history.push({ ...entry });
  }

  /** Test and admin helper: the stored balance, without latency. */
  balanceOf(memberId: string): number | undefined {
    return this.rows.get(memberId)?.points;
  }

  historyOf(memberId: string): HistoryEntry[] {
    return this.history.filter((h) => h.memberId === memberId);
  }
}
