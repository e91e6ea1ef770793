import assert from 'node:assert/strict';
import { CircuitBreaker } from '../../src/circuit-breaker.ts';
import { FakeProvider, PaymentGateway, type ChargeResult } from '../../src/payments.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (max: number) => Math.floor(Math.random() * (max + 1));

function setup() {
  const clock = { t: 0 };
  const provider = new FakeProvider();
  const breaker = new CircuitBreaker('payments', {
    failureThreshold: 3,
    cooldownMs: 30_000,
    now: () => clock.t,
    reconnect: () => sleep(1 + random(2)),
  });
  const gateway = new PaymentGateway(provider, breaker);
  const duringHalfOpen: number[] = [];
  provider.onCall = () => {
    if (breaker.state === 'half-open') duringHalfOpen.push(provider.calls);
  };
  return { clock, provider, breaker, gateway, duringHalfOpen };
}

async function openThenRecover(gateway: PaymentGateway, provider: FakeProvider, clock: { t: number }) {
  provider.down = true;
  await Promise.allSettled(['F-1', 'F-2', 'F-3'].map((orderId) => gateway.charge({ orderId, cents: 100 })));
  provider.down = false;
  provider.latencyMs = 5;
  clock.t += 30_000;
}

const arrive = (gateway: PaymentGateway, orderId: string, after = 0): Promise<ChargeResult> =>
  after === 0 ? gateway.charge({ orderId, cents: 500 }) : sleep(after).then(() => gateway.charge({ orderId, cents: 500 }));

describe('payment gateway under concurrent checkouts', () => {
  it('checkouts at once against a healthy provider are all charged', async () => {
    const { gateway } = setup();
    const results = await Promise.all(['A-1', 'A-2', 'A-3'].map((orderId) => gateway.charge({ orderId, cents: 100 })));
    assert.deepEqual(results.map((r) => r.status), ['charged', 'charged', 'charged']);
  });

  it('failures arriving together open the circuit once', async () => {
    const { gateway, provider, breaker } = setup();
    provider.down = true;
    const results = await Promise.allSettled(['F-1', 'F-2', 'F-3', 'F-4'].map((orderId) => gateway.charge({ orderId, cents: 100 })));
    assert.equal(results.filter((r) => r.status === 'rejected').length, 4);
    assert.deepEqual(breaker.transitions, ['closed->open']);
  });

  it('two checkouts after the cooldown: one trial reaches the provider', async () => {
    const { gateway, provider, clock, duringHalfOpen } = setup();
    await openThenRecover(gateway, provider, clock);
    const results = await Promise.all([arrive(gateway, 'R-1'), arrive(gateway, 'R-2', random(3))]);
    assert.ok(duringHalfOpen.length <= 1, `${duringHalfOpen.length} calls reached the provider during the trial`);
    assert.equal(results.filter((r) => r.status === 'charged').length >= 1, true);
  });

  it('a rush of checkouts after the cooldown sends one trial', async () => {
    const { gateway, provider, clock, duringHalfOpen } = setup();
    await openThenRecover(gateway, provider, clock);
    await Promise.all([arrive(gateway, 'S-1'), arrive(gateway, 'S-2', 2 + random(3)), arrive(gateway, 'S-3', 3 + random(3))]);
    assert.ok(duringHalfOpen.length <= 1, `${duringHalfOpen.length} calls reached the provider during the trial`);
  });

  it('declined charges never touch the circuit', async () => {
    const { gateway, provider, breaker } = setup();
    const results = await Promise.all([gateway.charge({ orderId: 'X', cents: -1 }), gateway.charge({ orderId: 'bad id', cents: 1 })]);
    assert.deepEqual(results.map((r) => r.status), ['declined', 'declined']);
    assert.equal(provider.calls, 0);
    assert.equal(breaker.state, 'closed');
  });
});
