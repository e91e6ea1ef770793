/** Seat labels for printed tickets: row letter and seat number, looked up in the hall's plan. */
export class SeatLabels {
  private readonly rows = new Map<number, string>();

  constructor(rowNames: string[]) {
    rowNames.forEach((name, i) => this.rows.set(i, name));
  }

  /** Each lookup is a round trip to the hall's plan; labels share nothing that changes. */
  async label(row: number, seat: number): Promise<string> {
    await new Promise((resolve) => setImmediate(resolve));
    const name = this.rows.get(row) ?? `R${row}`;
    return `${name}-${String(seat).padStart(2, '0')}`;
  }
}
