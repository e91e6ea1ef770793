import { buildRewards } from '../setup';

describe('rewards, one request at a time', () => {
  test('an order earns one point per whole euro', async () => {
    const { store, rewards } = buildRewards();
    store.seed('ana', 0);
    expect(await rewards.earn('ana', 12_999, 'o-1')).toBe(129);
    expect(store.balanceOf('ana')).toBe(129);
  });

  test('a redemption debits the cost and issues a voucher', async () => {
    const { store, rewards, partner } = buildRewards();
    store.seed('ana', 500);
    const result = await rewards.redeem('ana', 'mug');
    expect(result).toMatchObject({ ok: true, balance: 300, voucher: { memberId: 'ana', rewardId: 'mug' } });
    expect(store.balanceOf('ana')).toBe(300);
    expect(partner.issued).toHaveLength(1);
  });

  test('a redemption without enough points is refused and changes nothing', async () => {
    const { store, rewards, partner } = buildRewards();
    store.seed('ben', 100);
    expect(await rewards.redeem('ben', 'lounge')).toEqual({ ok: false, reason: 'insufficient points' });
    expect(store.balanceOf('ben')).toBe(100);
    expect(partner.issued).toHaveLength(0);
  });

  test('the history adds up to the balance', async () => {
    const { store, rewards } = buildRewards();
    store.seed('cleo', 0);
    await rewards.earn('cleo', 30_000, 'o-7');
    await rewards.redeem('cleo', 'tote');
    await rewards.redeem('cleo', 'tote');
    await rewards.earn('cleo', 450, 'o-8');
    const history = store.historyOf('cleo');
    expect(history.map((h) => h.delta)).toEqual([300, -150, -150, 4]);
    expect(history.reduce((sum, h) => sum + h.delta, 0)).toBe(store.balanceOf('cleo'));
  });

  test('an unknown reward is refused', async () => {
    const { store, rewards } = buildRewards();
    store.seed('dan', 1000);
    expect(await rewards.redeem('dan', 'yacht')).toEqual({ ok: false, reason: 'unknown reward' });
    expect(store.balanceOf('dan')).toBe(1000);
  });
});
