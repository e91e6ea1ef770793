import { describe, expect, it } from 'vitest';
import { accountsServer, LoopbackSocket } from '../../src/loopback';
import { RpcClient } from '../../src/rpc-client';
import { AccountsApi, formatCents } from '../../src/accounts';

function setup() {
  const balances = new Map([['ada', 1250], ['bob', -75]]);
  const names = new Map([['ada', 'Ada'], ['bob', 'Bob']]);
  const socket = new LoopbackSocket(accountsServer(balances, names));
  const rpc = new RpcClient(socket);
  return { socket, rpc, api: new AccountsApi(rpc) };
}

describe('accounts api', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(-75)).toBe('-$0.75');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('reads a balance', async () => {
    const { api } = setup();
    expect(await api.balance('ada')).toBe(1250);
    expect(await api.balance('bob')).toBe(-75);
    expect(await api.balance('nobody')).toBe(0);
  });

  it('reads a profile', async () => {
    const { api } = setup();
    expect(await api.profile('bob')).toEqual({ user: 'bob', name: 'Bob' });
  });

  it('an unknown user is an error', async () => {
    const { api, rpc } = setup();
    await expect(api.profile('eve')).rejects.toThrow('no such user eve');
    expect(rpc.pending).toBe(0);
  });

  it('an unknown method is an error', async () => {
    const { rpc } = setup();
    await expect(rpc.call('drop_tables')).rejects.toThrow('unknown method drop_tables');
  });

  it('reports the server healthy', async () => {
    const { api, socket } = setup();
    expect(await api.healthy()).toBe(true);
    expect(socket.written).toBe(1);
  });
});
