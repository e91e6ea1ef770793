import { EventEmitter, once } from 'node:events';
import type { Database, TokenChecker } from './backends.ts';

export interface OrderRequest {
  token: string;
  item: string;
}

export function validateItem(item: string): string {
  const trimmed = item.trim();
  if (!/^[a-z0-9-]{1,32}$/.test(trimmed)) throw new Error(`bad item code: ${item}`);
  return trimmed;
}

/**
 * Takes orders. On shutdown it stops taking new ones, lets the requests it already accepted
 * finish ('drained' fires when the last one ends), and then closes the database.
 */
export class OrderService extends EventEmitter {
  private inFlight = 0;
  private closing = false;

  constructor(private readonly auth: TokenChecker, private readonly db: Database) {
    super();
  }

  async placeOrder(req: OrderRequest): Promise<number> {
    if (this.closing) throw new Error('service is shutting down');
    const item = validateItem(req.item);
    this.inFlight++;
    try {
      const user = await this.auth.verify(req.token);
      return await this.db.insert(user, item);
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.emit('drained');
    }
  }

  async shutdown(): Promise<void> {
    this.closing = true;
    if (this.inFlight > 0) await once(this, 'drained');
    await this.db.close();
  }

  get pending(): number {
    return this.inFlight;
  }
}
