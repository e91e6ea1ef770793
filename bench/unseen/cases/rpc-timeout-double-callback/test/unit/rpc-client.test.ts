import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answer, LoopbackTransport } from '../../src/transport.ts';
import { RpcClient, TimeoutError } from '../../src/rpc-client.ts';

test('answer computes the methods', () => {
  assert.deepEqual(answer({ id: 1, method: 'sum', params: [1, 2, 3] }), { id: 1, result: 6 });
  assert.deepEqual(answer({ id: 2, method: 'max', params: [4, 9] }), { id: 2, result: 9 });
  assert.match(answer({ id: 3, method: 'nope', params: [] }).error ?? '', /unknown/);
});

test('a fast reply resolves, an unknown method rejects', async () => {
  const client = new RpcClient(new LoopbackTransport({ sum: 1, nope: 1 }), 200);
  assert.equal(await client.callAsync('sum', [2, 3]), 5);
  await assert.rejects(client.callAsync('nope', []), /unknown method/);
});

test('a slow reply times out', async () => {
  const client = new RpcClient(new LoopbackTransport({ max: 200 }), 10);
  await assert.rejects(client.callAsync('max', [1]), TimeoutError);
});
