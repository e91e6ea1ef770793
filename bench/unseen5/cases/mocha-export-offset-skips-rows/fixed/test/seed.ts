import { EventsTable, type EventRow } from '../src/events-table.ts';

export const BASE = Date.UTC(2026, 0, 1);
const TYPES: EventRow['type'][] = ['login', 'debug', 'purchase', 'debug'];

/** `count` events for a tenant, one a second from BASE, types cycling login/debug/purchase/debug. */
export function seed(table: EventsTable, tenant: string, count: number): void {
  for (let i = 0; i < count; i++) table.insertNow(tenant, TYPES[i % 4], BASE + i * 1000, `e${i}`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
