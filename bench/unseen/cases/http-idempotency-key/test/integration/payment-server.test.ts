import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PaymentServer } from '../../src/payment-server.ts';
import { pay } from '../helpers.ts';

test('a client times out and retries while the first attempt is still running: one charge', async () => {
  const server = new PaymentServer();
  const port = await server.listen();
  try {
    const body = { amount: 1299, currency: 'USD' };
    const replies = await Promise.all([pay(port, 'cart-77', body), pay(port, 'cart-77', body), pay(port, 'cart-78', body)]);
    for (const r of replies) assert.ok(r.status === 200 || r.status === 201, `status ${r.status}`);
    assert.equal(replies[0].body.chargeId, replies[1].body.chargeId);
    assert.notEqual(replies[0].body.chargeId, replies[2].body.chargeId);
    assert.equal(server.gateway.charges.length, 2);
  } finally {
    await server.close();
  }
});
