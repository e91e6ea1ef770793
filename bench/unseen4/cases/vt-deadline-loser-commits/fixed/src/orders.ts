import type { Warehouse } from './warehouse';

export interface OrderLine {
  sku: string;
  qty: number;
}

export interface Order {
  id: string;
  lines: OrderLine[];
}

export class DeadlineExceeded extends Error {}

/** Settles with work, or rejects with DeadlineExceeded after ms, whichever comes first. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Reserves an order's lines in the warehouse and remembers the holds per order. */
export function createReserver(warehouse: Warehouse, deadlineMs: number) {
  const holdsByOrder = new Map<string, string[]>();
  const cancelled = new Set<string>();

  function remember(orderId: string, holdId: string): void {
    const holds = holdsByOrder.get(orderId) ?? [];
    holds.push(holdId);
    holdsByOrder.set(orderId, holds);
  }

  function reserveLine(orderId: string, line: OrderLine): Promise<void> {
    const attempt = warehouse.reserve(line.sku, line.qty).then(async (holdId) => {
      if (cancelled.has(orderId)) {
        await warehouse.release(holdId);
        return;
      }
      remember(orderId, holdId);
    });
    return withDeadline(attempt, deadlineMs, `reserving ${line.qty} × ${line.sku}`);
  }

  return {
    reserve: async (order: Order): Promise<void> => {
      await Promise.all(order.lines.map((line) => reserveLine(order.id, line)));
    },
    releaseAll: async (orderId: string): Promise<void> => {
      cancelled.add(orderId);
      const holds = holdsByOrder.get(orderId) ?? [];
      holdsByOrder.delete(orderId);
      await Promise.all(holds.map((id) => warehouse.release(id)));
    },
    heldFor: (orderId: string): number => holdsByOrder.get(orderId)?.length ?? 0,
  };
}

export type Reserver = ReturnType<typeof createReserver>;

export type OrderStatus = 'confirmed' | 'failed';

/** Places orders: all lines reserved, or none. */
export function createOrderService(warehouse: Warehouse, deadlineMs = 6) {
  const reserver = createReserver(warehouse, deadlineMs);
  const statuses = new Map<string, OrderStatus>();

  return {
    reserver,
    status: (orderId: string) => statuses.get(orderId),
    place: async (order: Order): Promise<OrderStatus> => {
      if (order.lines.length === 0 || order.lines.some((l) => !Number.isInteger(l.qty) || l.qty <= 0)) {
        throw new Error(`order ${order.id} has no valid lines`);
      }
      try {
        await reserver.reserve(order);
        statuses.set(order.id, 'confirmed');
      } catch {
        await reserver.releaseAll(order.id);
        statuses.set(order.id, 'failed');
      }
      return statuses.get(order.id)!;
    },
  };
}
