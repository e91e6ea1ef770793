import type { Order } from '../src/db.ts';

/** Four customers with eight open orders each and a few paid ones; some open orders are past due on day 100. */
export function orderTable(): Order[] {
  const rows: Order[] = [];
  let id = 1;
  for (const customer of ['acme', 'globex', 'initech', 'umbrella']) {
    for (let i = 0; i < 10; i++) {
      const paid = i % 5 === 4;
      const overdue = !paid && (i === 1 || i === 6) && customer !== 'umbrella';
      rows.push({ id: id++, customer, status: paid ? 'paid' : 'open', dueDay: overdue ? 90 - i : 110 + i, cents: 1000 + i * 100 });
    }
  }
  return rows;
}
