import { KeyReused } from '../../src/idempotency';
import { AlreadyRefunded, Declined, Gateway, PaymentsApi } from '../../src/payments';

describe('payments, one request at a time', () => {
  let gateway: Gateway;
  let api: PaymentsApi;
  beforeEach(() => {
    gateway = new Gateway();
    api = new PaymentsApi(gateway);
  });

  test('a charge authorizes, posts a receipt and credits the account', async () => {
    const receipt = await api.charge('k1', 'ada', 1250);
    expect(receipt).toMatchObject({ id: 1, account: 'ada', cents: 1250 });
    expect(api.balance('ada')).toBe(1250);
    expect(gateway.calls).toBe(1);
  });

  test('a retry with the same key returns the stored receipt without charging again', async () => {
    const first = await api.charge('k1', 'ada', 500);
    const again = await api.charge('k1', 'ada', 500);
    expect(again).toBe(first);
    expect(gateway.calls).toBe(1);
    expect(api.charges.replayed).toBe(1);
    expect(api.balance('ada')).toBe(500);
  });

  test('a key reused for a different amount is refused', async () => {
    await api.charge('k1', 'ada', 500);
    await expect(api.charge('k1', 'ada', 900)).rejects.toBeInstanceOf(KeyReused);
    expect(api.balance('ada')).toBe(500);
  });

  test('a declined charge forgets its key, so the client can retry it', async () => {
    gateway.declined.add('bob');
    await expect(api.charge('k2', 'bob', 100)).rejects.toBeInstanceOf(Declined);
    expect(api.charges.has('k2')).toBe(false);
    gateway.declined.delete('bob');
    expect((await api.charge('k2', 'bob', 100)).id).toBe(1);
  });

  test('a receipt is refunded once; a second refund key is refused', async () => {
    const receipt = await api.charge('k1', 'ada', 700);
    await api.refund('r1', receipt.id);
    expect(api.balance('ada')).toBe(0);
    await expect(api.refund('r2', receipt.id)).rejects.toBeInstanceOf(AlreadyRefunded);
    expect(await api.refund('r1', receipt.id)).toBe(receipt);
  });
});
