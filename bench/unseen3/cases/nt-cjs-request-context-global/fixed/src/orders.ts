import ctx from './context.cjs';

export interface LogLine {
  requestId: string;
  message: string;
}

export const logLines: LogLine[] = [];

export function log(message: string): void {
  const c = ctx.currentContext();
  logLines.push({ requestId: c ? c.requestId : '-', message });
}

export function linesFor(requestId: string): string[] {
  return logLines.filter((l) => l.requestId === requestId).map((l) => l.message);
}

const latency = () => new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 3)));

/** The orders database. */
export class OrderDb {
  readonly orders = new Map<string, { user: string; items: string[] }>();

  async insert(id: string, user: string, items: string[]): Promise<void> {
    await latency();
    this.orders.set(id, { user, items });
    log(`stored order ${id}`);
  }
}

export class OrdersApi {
  private seq = 0;

  constructor(private readonly db: OrderDb) {}

  handle(requestId: string, user: string, items: string[]): Promise<string> {
    return ctx.runWithContext({ requestId, user }, () => this.placeOrder(items));
  }

  private async placeOrder(items: string[]): Promise<string> {
    const { user } = ctx.currentContext();
    log(`placing ${items.length} items for ${user}`);
    const id = `o${++this.seq}`;
    await this.db.insert(id, user, items);
    log(`order ${id} placed`);
    return id;
  }
}
