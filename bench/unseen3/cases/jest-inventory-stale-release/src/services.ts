export interface Order {
  id: string;
  customer: string;
  sku: string;
  qty: number;
}

/** A few milliseconds of network, different each time. */
export function jitter(): number {
  return 1 + Math.floor(Math.random() * 4);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Stock levels per SKU, kept by the warehouse service between syncs. */
export function createStock(initial: Record<string, number>) {
  const levels = new Map(Object.entries(initial));
  return {
    available: (sku: string): number => levels.get(sku) ?? 0,
    set: (sku: string, qty: number): void => {
      levels.set(sku, qty);
    },
    snapshot: (): Record<string, number> => Object.fromEntries(levels),
  };
}

export type Stock = ReturnType<typeof createStock>;

/** Prices in cents, from the catalogue service. */
export function createCatalog(prices: Record<string, number>, latency = jitter) {
  return {
    price: async (sku: string): Promise<number> => {
      await wait(latency());
      const price = prices[sku];
      if (price === undefined) throw new Error(`unknown sku ${sku}`);
      return price;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** The card processor; some customers' cards are declined. */
export function createPayments(declined: string[] = [], latency = jitter) {
  const charges: Array<{ customer: string; cents: number }> = [];
  return {
    charges,
    charge: async (customer: string, cents: number): Promise<void> => {
      await wait(latency());
      if (declined.includes(customer)) throw new Error(`card declined for ${customer}`);
      charges.push({ customer, cents });
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
