// An in-memory database connection with transactions, as a SQL client provides: statements
// between begin and commit are applied together; rollback discards them.

export interface Entry {
  account: string;
  amount: number;
  memo: string;
}

export class Connection {
  readonly committed: Entry[] = [];
  private pending: Entry[] | null = null;
  warnings: string[] = [];

  private roundTrip(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, 1));
  }

  async begin(): Promise<void> {
    await this.roundTrip();
    if (this.pending) this.warnings.push('there is already a transaction in progress');
    else this.pending = [];
  }

  async insert(entry: Entry): Promise<void> {
    await this.roundTrip();
    if (this.pending) this.pending.push({ ...entry });
    else this.committed.push({ ...entry });
  }

  async commit(): Promise<void> {
    await this.roundTrip();
    if (!this.pending) this.warnings.push('there is no transaction in progress');
    else this.committed.push(...this.pending);
    this.pending = null;
  }

  async rollback(): Promise<void> {
    await this.roundTrip();
    this.pending = null;
  }
}
