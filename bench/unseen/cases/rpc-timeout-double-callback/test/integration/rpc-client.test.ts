import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { LoopbackTransport } from '../../src/transport.ts';
import { RpcClient } from '../../src/rpc-client.ts';

test('every call calls back exactly once, whichever of reply and timeout comes first', async () => {
  const delays = { sum_a: 5, sum_b: 15, sum_c: 20, sum_d: 25, max_e: 35 };
  const client = new RpcClient(new LoopbackTransport(delays), 20);
  const calls = new Map<string, Array<string>>();
  for (const method of Object.keys(delays)) {
    calls.set(method, []);
    client.call(method, [1, 2], (err, result) => calls.get(method)!.push(err ? `error: ${err.message}` : `ok: ${result}`));
  }
  while ([...calls.values()].some((c) => c.length === 0)) await sleep(5);
  await sleep(40);
  for (const [method, outcomes] of calls) assert.equal(outcomes.length, 1, `${method} called back ${outcomes.length} times: ${outcomes.join('; ')}`);
});
