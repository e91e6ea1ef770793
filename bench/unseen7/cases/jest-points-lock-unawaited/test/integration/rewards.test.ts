import { buildRewards } from '../setup';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('rewards under concurrent requests', () => {
  test('a member redeeming from two devices at once is never overdrawn', async () => {
    const { store, rewards, partner } = buildRewards();
    store.seed('ana', 500);
    const results = await Promise.all(['mug', 'mug', 'mug'].map((r) => rewards.redeem('ana', r)));
    const granted = results.filter((r) => r.ok).length;
    expect(granted).toBe(2);
    expect(partner.issued).toHaveLength(2);
    expect(store.balanceOf('ana')).toBe(100);
  });

  test('points earned while redeeming are all kept', async () => {
    const { store, rewards } = buildRewards();
    store.seed('ben', 400);
    await Promise.all([
      rewards.redeem('ben', 'tote'),
      pause(2).then(() => rewards.earn('ben', 5_000, 'o-1')),
      pause(4).then(() => rewards.earn('ben', 7_000, 'o-2')),
    ]);
    const history = store.historyOf('ben');
    expect(store.balanceOf('ben')).toBe(400 - 150 + 50 + 70);
    expect(history.reduce((sum, h) => sum + h.delta, 400)).toBe(store.balanceOf('ben'));
  });

  test('members redeeming at once reach the partner two at a time', async () => {
    const { store, rewards, partner } = buildRewards();
    const members = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    members.forEach((m) => store.seed(m, 300));
    const results = await Promise.all(members.map((m) => rewards.redeem(m, 'tote')));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(partner.maxInFlight).toBeLessThanOrEqual(2);
    expect(new Set(partner.issued.map((v) => v.code)).size).toBe(6);
    members.forEach((m) => expect(store.balanceOf(m)).toBe(150));
  });

  test('different members earning at once each get their points', async () => {
    const { store, rewards } = buildRewards();
    const members = ['a', 'b', 'c', 'd'];
    members.forEach((m) => store.seed(m, 10));
    await Promise.all(members.map((m, i) => rewards.earn(m, (i + 1) * 1_000, `o-${m}`)));
    expect(members.map((m) => store.balanceOf(m))).toEqual([20, 30, 40, 50]);
  });
});
