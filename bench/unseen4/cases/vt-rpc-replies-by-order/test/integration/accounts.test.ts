import { describe, expect, it } from 'vitest';
import { accountsServer, LoopbackSocket } from '../../src/loopback';
import { RpcClient } from '../../src/rpc-client';
import { AccountsApi } from '../../src/accounts';

function setup() {
  const balances = new Map([['ada', 1250], ['bob', -75]]);
  const names = new Map([['ada', 'Ada'], ['bob', 'Bob']]);
  const socket = new LoopbackSocket(accountsServer(balances, names));
  const rpc = new RpcClient(socket);
  return { socket, rpc, api: new AccountsApi(rpc) };
}

describe('accounts api with requests in flight together', () => {
  it('health checks at once all succeed', async () => {
    const { api } = setup();
    expect(await Promise.all([api.healthy(), api.healthy(), api.healthy()])).toEqual([true, true, true]);
  });

  it('two users see their own balances', async () => {
    const { api } = setup();
    const [ada, bob] = await Promise.all([api.balance('ada'), api.balance('bob')]);
    expect({ ada, bob }).toEqual({ ada: 1250, bob: -75 });
  });

  it('a summary combines the profile and the balance', async () => {
    const { api } = setup();
    expect(await api.summary('ada')).toBe('Ada: $12.50');
  });

  it('a failed lookup does not disturb a health check', async () => {
    const { api } = setup();
    const [health, profile] = await Promise.allSettled([api.healthy(), api.profile('eve')]);
    expect(health).toEqual({ status: 'fulfilled', value: true });
    expect(profile.status).toBe('rejected');
  });

  it('nothing is left waiting after a burst', async () => {
    const { api, rpc, socket } = setup();
    await Promise.allSettled([api.healthy(), api.balance('bob'), api.healthy()]);
    expect(rpc.pending).toBe(0);
    expect(socket.written).toBe(3);
  });
});
