import pReduce from 'p-reduce';
import { EventStore, StoredEvent } from './event-store.js';

export interface Order {
  id: string;
  status: 'none' | 'open' | 'placed' | 'cancelled';
  lines: Record<string, number>;
  version: number;
}

export type Command =
  | { type: 'open' }
  | { type: 'add'; sku: string; qty: number }
  | { type: 'place' }
  | { type: 'cancel' };

export class Rejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Rejected';
  }
}

const empty = (id: string): Order => ({ id, status: 'none', lines: {}, version: 0 });

/** Folds one event into the state (async: a stand-in for an upcaster that may look things up). */
export async function apply(order: Order, event: StoredEvent): Promise<Order> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const lines = { ...order.lines };
  let status = order.status;
  if (event.type === 'opened') status = 'open';
  if (event.type === 'line-added') {
    const sku = String(event.data.sku);
    lines[sku] = (lines[sku] ?? 0) + Number(event.data.qty);
  }
  if (event.type === 'placed') status = 'placed';
  if (event.type === 'cancelled') status = 'cancelled';
  return { id: order.id, status, lines, version: event.version };
}

function decide(order: Order, command: Command): Array<{ type: string; data: Record<string, unknown> }> {
  if (command.type === 'open') {
    if (order.status !== 'none') throw new Rejected(`${order.id} already exists`);
    return [{ type: 'opened', data: {} }];
  }
  if (order.status !== 'open') throw new Rejected(`${order.id} is ${order.status}`);
  if (command.type === 'add') return [{ type: 'line-added', data: { sku: command.sku, qty: command.qty } }];
  if (command.type === 'place' && Object.keys(order.lines).length === 0) throw new Rejected(`${order.id} is empty`);
  return [{ type: command.type === 'place' ? 'placed' : 'cancelled', data: {} }];
}

/**
 * Commands on one order run one after another on that order's promise chain: each loads the
 * stream, decides, and appends at the version it loaded, so the append never conflicts. Commands
 * on different orders run side by side.
 */
export class OrderService {
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(readonly store: EventStore) {}

  async load(id: string): Promise<Order> {
    return pReduce(await this.store.read(id), apply, empty(id));
  }

  execute(id: string, command: Command): Promise<Order> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const run = previous.then(async () => {
      const order = await this.load(id);
      const events = decide(order, command);
      await this.store.append(id, order.version, events);
      return this.load(id);
    });
    const tail = run.catch(() => undefined);
    this.chains.set(id, tail);
    tail.then(() => {
      if (this.chains.get(id) === tail) this.chains.delete(id);
    });
    return run;
  }

  get busyOrders(): number {
    return this.chains.size;
  }
}
