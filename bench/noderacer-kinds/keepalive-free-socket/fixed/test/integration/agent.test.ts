import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeepAliveAgent } from '../../src/agent.ts';
import { echoServer } from '../server.ts';

test('a request that picks up a free socket just before its timeout still gets its reply', async () => {
  const server = await echoServer();
  const agent = new KeepAliveAgent(server.port, 30);
  try {
    assert.equal(await agent.request('first'), 'FIRST');
    // Just under the free-socket timeout: the socket is still free when the request takes it.
    await sleep(29);
    assert.equal(await agent.request('second'), 'SECOND');
  } finally {
    agent.close();
    await server.close();
  }
});
