// A stand-in for a database table of balances: every read and write takes a turn of the event loop.
export class Ledger {
  private readonly rows = new Map<string, number>();
  reads = 0;
  writes = 0;

  open(id: string, balance: number): void {
    this.rows.set(id, balance);
  }

  read(id: string): Promise<number> {
    this.reads++;
    return new Promise((resolve, reject) =>
      setImmediate(() => {
        const row = this.rows.get(id);
        if (row === undefined) reject(new Error(`no account ${id}`));
        else resolve(row);
      }),
    );
  }

  write(id: string, balance: number): Promise<void> {
    this.writes++;
    return new Promise((resolve) =>
      setTimeout(() => {
        this.rows.set(id, balance);
        resolve();
      }, 1),
    );
  }
}
