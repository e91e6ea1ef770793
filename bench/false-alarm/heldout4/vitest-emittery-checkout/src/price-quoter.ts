import { OrderBus, Quote } from './order-bus.js';

export type Pricing = (cart: string) => Promise<number>;

/**
 * Shows the price of the cart the customer asked about last. Each request takes a generation
 * number before its first await; an answer whose generation is no longer the latest is dropped.
 */
export class PriceQuoter {
  private generation = 0;
  shown: Quote | undefined;
  discarded = 0;

  constructor(private readonly bus: OrderBus, private readonly pricing: Pricing) {}

  async quote(cart: string): Promise<number | 'stale'> {
    const generation = ++this.generation;
    const total = await this.pricing(cart);
    if (generation !== this.generation) {
      this.discarded++;
      return 'stale';
    }
    this.shown = { generation, cart, total };
    await this.bus.emit('quoteShown', this.shown);
    return total;
  }

  get latestGeneration(): number {
    return this.generation;
  }
}
