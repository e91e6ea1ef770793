import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PaymentServer, toReceipt, validatePayment } from '../../src/payment-server.ts';
import { pay } from '../helpers.ts';

test('validation and receipts', () => {
  assert.equal(validatePayment({ amount: 500, currency: 'EUR' }), undefined);
  assert.match(validatePayment({ amount: -1, currency: 'EUR' }) ?? '', /amount/);
  assert.match(validatePayment({ amount: 5, currency: 'euro' }) ?? '', /currency/);
  assert.deepEqual(toReceipt({ id: 'ch_1', amount: 5, currency: 'EUR' }), { chargeId: 'ch_1', amount: 5, currency: 'EUR' });
});

test('a retried payment is charged once', async () => {
  const server = new PaymentServer();
  const port = await server.listen();
  try {
    const first = await pay(port, 'order-1', { amount: 500, currency: 'EUR' });
    assert.equal(first.status, 201);
    const retry = await pay(port, 'order-1', { amount: 500, currency: 'EUR' });
    assert.equal(retry.status, 200);
    assert.deepEqual(retry.body, first.body);
    assert.equal((await pay(port, undefined, { amount: 1, currency: 'EUR' })).status, 400);
    assert.equal(server.gateway.charges.length, 1);
  } finally {
    await server.close();
  }
});
