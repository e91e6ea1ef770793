/** The warehouse's live stock: quantity per bin and SKU, held in memory by this process. */

const stock = new Map<string, number>();
let relocations = 0;

const keyOf = (bin: string, sku: string) => `${bin}/${sku}`;

export interface StockRow {
  bin: string;
  sku: string;
  qty: number;
}

export function resetStock(rows: StockRow[] = []): void {
  stock.clear();
  relocations = 0;
  for (const row of rows) receive(row.bin, row.sku, row.qty);
}

export function receive(bin: string, sku: string, qty: number): void {
  if (!Number.isInteger(qty) || qty <= 0) throw new RangeError(`bad quantity ${qty}`);
  const key = keyOf(bin, sku);
  stock.set(key, (stock.get(key) ?? 0) + qty);
}

export function quantity(bin: string, sku: string): number {
  return stock.get(keyOf(bin, sku)) ?? 0;
}

/** Moves all of a SKU from one bin to another, in one synchronous step. */
export function relocate(sku: string, from: string, to: string): number {
  const qty = stock.get(keyOf(from, sku));
  if (!qty) return 0;
  stock.delete(keyOf(from, sku));
  const target = keyOf(to, sku);
  stock.set(target, (stock.get(target) ?? 0) + qty);
  relocations++;
  return qty;
}

export function pick(bin: string, sku: string, qty: number): void {
  const key = keyOf(bin, sku);
  const have = stock.get(key) ?? 0;
  if (qty > have) throw new Error(`only ${have} of ${sku} in ${bin}`);
  if (have === qty) stock.delete(key);
  else stock.set(key, have - qty);
}

export const stockStats = () => {
  let units = 0;
  for (const qty of stock.values()) units += qty;
  return { rows: stock.size, units, relocations };
};

/** One NDJSON line per stock row, for checkpoints. */
export function* stockLines(): Generator<string> {
  for (const [key, qty] of stock) {
    const [bin, sku] = key.split('/');
    yield `${JSON.stringify({ bin, sku, qty })}\n`;
  }
}
