import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeSocket } from '../../src/socket.ts';
import { RpcClient } from '../../src/rpc-client.ts';

test('ready resolves on open; a call gets its reply', async () => {
  const c = new RpcClient(new FakeSocket());
  await c.ready();
  assert.deepEqual(await c.call('ping', 1), { method: 'ping', echo: 1 });
  assert.equal(c.listeners(), 0);
  await c.close();
});

test('a failing method rejects', async () => {
  const c = new RpcClient(new FakeSocket());
  await c.ready();
  await assert.rejects(c.call('fail'), /method failed/);
  await c.close();
});

test('a silent server makes the call time out', async () => {
  const c = new RpcClient(new FakeSocket());
  await c.ready();
  await assert.rejects(c.call('silent', undefined, 30), (e: Error) => e.name === 'TimeoutError');
  assert.equal(c.listeners(), 0);
  await c.close();
});
