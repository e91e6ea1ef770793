import type { Connection, Entry } from './db.ts';

export function balanced(entries: Entry[]): boolean {
  return entries.reduce((sum, e) => sum + e.amount, 0) === 0;
}

export function balanceOf(entries: Entry[], account: string): number {
  return entries.filter((e) => e.account === account).reduce((sum, e) => sum + e.amount, 0);
}

/** Double-entry journal: every posting's lines are written in one transaction. */
export class Journal {
  constructor(private readonly conn: Connection) {}

  async transaction<T>(work: (conn: Connection) => Promise<T>): Promise<T> {
    await this.conn.begin();
    try {
      const result = await work(this.conn);
      await this.conn.commit();
      return result;
    } catch (err) {
      await this.conn.rollback();
      throw err;
    }
  }

  post(memo: string, lines: Array<[string, number]>): Promise<number> {
    return this.transaction(async (conn) => {
      for (const [account, amount] of lines) {
        if (!Number.isInteger(amount)) throw new Error(`amount must be whole cents: ${amount}`);
        await conn.insert({ account, amount, memo });
      }
      if (!balanced(lines.map(([account, amount]) => ({ account, amount, memo })))) {
        throw new Error(`posting "${memo}" does not balance`);
      }
      return lines.length;
    });
  }
}
