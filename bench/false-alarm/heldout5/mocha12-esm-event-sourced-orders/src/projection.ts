import { EventStore } from './event-store.js';

/** A read model of units per SKU over all placed orders, fed from the store's published queue. */
export class SalesProjection {
  readonly pending = new Map<string, Record<string, number>>();
  readonly units = new Map<string, number>();
  position = 0;

  constructor(private readonly store: EventStore) {}

  /** Drains the published events synchronously, in append order. */
  catchUp(): number {
    let n = 0;
    for (const event of this.store.published.drain()) {
      n++;
      this.position++;
      const lines = this.pending.get(event.stream) ?? {};
      if (event.type === 'line-added') {
        const sku = String(event.data.sku);
        lines[sku] = (lines[sku] ?? 0) + Number(event.data.qty);
      }
      this.pending.set(event.stream, lines);
      if (event.type === 'placed') {
        for (const [sku, qty] of Object.entries(lines)) this.units.set(sku, (this.units.get(sku) ?? 0) + qty);
        this.pending.delete(event.stream);
      }
      if (event.type === 'cancelled') this.pending.delete(event.stream);
    }
    return n;
  }
}
