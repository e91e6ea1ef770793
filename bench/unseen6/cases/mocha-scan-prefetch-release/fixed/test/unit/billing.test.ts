import assert from 'node:assert/strict';
import { Pool } from '../../src/db.ts';
import { BillingService, OrderRepo, scanOrders } from '../../src/orders.ts';
import { orderTable } from '../fixture.ts';

function setup(connections = 2) {
  const pool = new Pool(orderTable(), connections);
  return { pool, billing: new BillingService(new OrderRepo(pool), 100) };
}

describe('billing', () => {
  it('finds the first overdue open order of a customer', async () => {
    const { billing } = setup();
    assert.deepEqual(await billing.firstOverdue('acme'), { orderId: 2, daysLate: 11 });
  });

  it('a customer with nothing overdue gets no reminder', async () => {
    const { billing, pool } = setup();
    assert.equal(await billing.firstOverdue('umbrella'), null);
    assert.equal(pool.available, 2);
  });

  it('sums the open orders of a customer over several pages', async () => {
    const { billing } = setup();
    assert.equal(await billing.openBalance('globex'), '112.00 EUR');
  });

  it('scans every matching order once, in id order', async () => {
    const { pool } = setup();
    const ids: number[] = [];
    for await (const o of scanOrders(pool, { customer: 'initech' }, 4)) ids.push(o.id);
    assert.deepEqual(ids, [21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    assert.equal(pool.available, 2);
  });

  it('lookups one after another reuse the pool', async () => {
    const { billing, pool } = setup(1);
    await billing.firstOverdue('acme');
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await billing.openBalance('acme'), '112.00 EUR');
    assert.equal(pool.available, 1);
  });
});
