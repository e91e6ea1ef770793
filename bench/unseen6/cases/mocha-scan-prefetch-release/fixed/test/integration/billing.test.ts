import assert from 'node:assert/strict';
import { Pool } from '../../src/db.ts';
import { BillingService, OrderRepo } from '../../src/orders.ts';
import { orderTable } from '../fixture.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomOffset = (max: number) => Math.floor(Math.random() * max);

function setup(connections = 2) {
  const pool = new Pool(orderTable(), connections);
  return { pool, billing: new BillingService(new OrderRepo(pool), 100) };
}

describe('billing under concurrent requests', () => {
  it('open balances of four customers at once on two connections', async () => {
    const { billing, pool } = setup();
    const balances = await Promise.all(['acme', 'globex', 'initech', 'umbrella'].map((c) => billing.openBalance(c)));
    assert.deepEqual(balances, ['112.00 EUR', '112.00 EUR', '112.00 EUR', '112.00 EUR']);
    assert.equal(pool.available, 2);
    assert.ok(pool.maxWaiting >= 1);
  });

  it('reminder run: overdue lookups and balances of several customers at once', async () => {
    const { billing } = setup();
    const results = await Promise.allSettled([
      billing.firstOverdue('acme'),
      sleep(randomOffset(3)).then(() => billing.openBalance('globex')),
      sleep(randomOffset(3)).then(() => billing.firstOverdue('initech')),
      sleep(randomOffset(3)).then(() => billing.openBalance('umbrella')),
    ]);
    const errors = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    assert.deepEqual(errors, []);
  });

  it('balances requested while the pool is busy wait for a connection', async () => {
    const { billing, pool } = setup(1);
    const balances = await Promise.all(['acme', 'umbrella', 'globex'].map((c) => billing.openBalance(c)));
    assert.deepEqual(balances, ['112.00 EUR', '112.00 EUR', '112.00 EUR']);
    assert.equal(pool.maxWaiting, 2);
  });
});
