import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMemoryJournal, queueStats, resetQueueStats } from '../../src/keyed-queue';
import { Ledger, PaymentsService, WalletStore } from '../../src/wallet';

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function setup() {
  const store = new WalletStore();
  for (const [account, cents] of Object.entries({ alice: 10_000, bob: 10_000, carol: 10_000, dave: 10_000 })) store.open(account, cents);
  const ledger = new Ledger(store, createMemoryJournal());
  return { ledger, payments: new PaymentsService(ledger) };
}

describe('payments under concurrent requests', () => {
  beforeEach(() => resetQueueStats());

  it('charges to one wallet arriving together are all counted', async () => {
    const { ledger, payments } = setup();
    await sleep(2);
    const results = await Promise.all([700, 1_100, 300].map(async (cents, i) => {
      await sleep(between(0, 6));
      return payments.charge('alice', cents, `ord-${i}`);
    }));
    assert.ok(results.every((r) => r.ok));
    assert.equal(await ledger.balance('alice'), 10_000 - 2_100);
    assert.equal(queueStats().peakPerKey, 1);
  });

  it('charges to different wallets run side by side', async () => {
    const { ledger, payments } = setup();
    await Promise.all(['alice', 'bob', 'carol', 'dave'].map((a, i) => payments.charge(a, 1_000 * (i + 1), `ord-${a}`)));
    assert.deepEqual(await Promise.all(['alice', 'bob', 'carol', 'dave'].map((a) => ledger.balance(a))), [9_000, 8_000, 7_000, 6_000]);
  });

  it('a queued charge waits behind the one before it', async () => {
    const { ledger, payments } = setup();
    const first = payments.charge('bob', 6_000, 'big');
    await sleep(15);
    const second = payments.charge('bob', 6_000, 'second');
    assert.deepEqual([(await first).ok, (await second).ok], [true, false]);
    assert.equal(await ledger.balance('bob'), 4_000);
  });

  it('transfers in opposite directions settle both wallets', async () => {
    const { ledger, payments } = setup();
    await Promise.all([payments.transfer('carol', 'dave', 2_000, 't1'), payments.transfer('dave', 'carol', 500, 't2')]);
    await sleep(10);
    assert.equal((await ledger.balance('carol')) + (await ledger.balance('dave')), 20_000);
  });
});
