import assert from 'node:assert/strict';
import { CircuitBreaker } from '../../src/circuit-breaker.ts';
import { checkCharge, FakeProvider, PaymentGateway } from '../../src/payments.ts';

function setup() {
  const clock = { t: 0 };
  const provider = new FakeProvider();
  const breaker = new CircuitBreaker('payments', {
    failureThreshold: 3,
    cooldownMs: 30_000,
    now: () => clock.t,
    reconnect: () => new Promise((resolve) => setTimeout(resolve, 1)),
  });
  return { clock, provider, breaker, gateway: new PaymentGateway(provider, breaker) };
}

async function failThreeTimes(gateway: PaymentGateway, provider: FakeProvider) {
  provider.down = true;
  for (const id of ['F-1', 'F-2', 'F-3']) await assert.rejects(gateway.charge({ orderId: id, cents: 100 }), /503/);
}

describe('payment gateway', () => {
  it('checks the charge before calling anybody', async () => {
    assert.equal(checkCharge({ orderId: 'A-1', cents: 0 }), 'amount must be a positive number of cents');
    assert.equal(checkCharge({ orderId: 'a 1', cents: 5 }), 'malformed order id');
    const { gateway, provider } = setup();
    assert.deepEqual(await gateway.charge({ orderId: 'A-1', cents: 1.5 }), { status: 'declined', reason: 'amount must be a positive number of cents' });
    assert.equal(provider.calls, 0);
  });

  it('charges through a healthy provider', async () => {
    const { gateway } = setup();
    assert.deepEqual(await gateway.charge({ orderId: 'A-1', cents: 990 }), { status: 'charged', reference: 'ch_A-1' });
  });

  it('stops calling the provider after three failures', async () => {
    const { gateway, provider, breaker } = setup();
    await failThreeTimes(gateway, provider);
    assert.equal(breaker.state, 'open');
    assert.deepEqual(await gateway.charge({ orderId: 'B-1', cents: 100 }), { status: 'retry-later' });
    assert.equal(provider.calls, 3);
  });

  it('a successful trial after the cooldown closes the circuit', async () => {
    const { gateway, provider, breaker, clock } = setup();
    await failThreeTimes(gateway, provider);
    provider.down = false;
    clock.t += 30_000;
    assert.equal((await gateway.charge({ orderId: 'C-1', cents: 100 })).status, 'charged');
    assert.equal((await gateway.charge({ orderId: 'C-2', cents: 100 })).status, 'charged');
    assert.deepEqual(breaker.transitions, ['closed->open', 'open->half-open', 'half-open->closed']);
  });

  it('a failed trial opens the circuit again', async () => {
    const { gateway, provider, breaker, clock } = setup();
    await failThreeTimes(gateway, provider);
    clock.t += 31_000;
    await assert.rejects(gateway.charge({ orderId: 'D-1', cents: 100 }), /503/);
    assert.equal(breaker.state, 'open');
    assert.deepEqual(await gateway.charge({ orderId: 'D-2', cents: 100 }), { status: 'retry-later' });
  });
});
