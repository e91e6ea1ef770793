import { EventStore, StoredEvent } from './event-store';

export interface CartState {
  version: number;
  lines: Map<string, { qty: number; price: number }>;
  checkedOut: boolean;
}

/** Rebuilds a cart from its events; an event at or below the version already applied is a redelivery. */
export function replay(events: StoredEvent[]): CartState {
  const state: CartState = { version: 0, lines: new Map(), checkedOut: false };
  for (const event of events) {
    if (event.version <= state.version) continue;
    state.version = event.version;
    if (event.type === 'ItemAdded') {
      const { sku, qty, price } = event.data as { sku: string; qty: number; price: number };
      const line = state.lines.get(sku) ?? { qty: 0, price };
      state.lines.set(sku, { qty: line.qty + qty, price });
    } else if (event.type === 'CheckedOut') {
      state.checkedOut = true;
    }
  }
  return state;
}

export function total(state: CartState): number {
  let sum = 0;
  for (const line of state.lines.values()) sum += line.qty * line.price;
  return sum;
}

/** The catalogue's prices, in cents. */
export class PriceList {
  constructor(private readonly prices: Record<string, number>) {}

  async quote(sku: string): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const price = this.prices[sku];
    if (price === undefined) throw new Error(`unknown sku ${sku}`);
    return price;
  }
}

export class CartService {
  constructor(private readonly store: EventStore, private readonly prices: PriceList) {}

  async open(cartId: string): Promise<void> {
    await this.store.append(cartId, { version: 1, type: 'CartOpened', data: {} }, 0);
  }

  /** Adds an item at the current price; resolves with the version of the new event. */
  async addItem(cartId: string, sku: string, qty: number): Promise<number> {
    const history = await this.store.read(cartId);
    if (replay(history).checkedOut) throw new Error(`cart ${cartId} is checked out`);
    const version = history.length + 1;
    const price = await this.prices.quote(sku);
    await this.store.append(cartId, { version, type: 'ItemAdded', data: { sku, qty, price } });
    return version;
  }

  async checkout(cartId: string): Promise<number> {
    const history = await this.store.read(cartId);
    const state = replay(history);
    await this.store.append(cartId, { version: history.length + 1, type: 'CheckedOut', data: { total: total(state) } }, history.length);
    return total(state);
  }

  async summary(cartId: string): Promise<{ items: number; total: number }> {
    const state = replay(await this.store.read(cartId));
    let items = 0;
    for (const line of state.lines.values()) items += line.qty;
    return { items, total: total(state) };
  }
}
