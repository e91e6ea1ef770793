import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeepAliveAgent } from '../../src/agent.ts';
import { echoServer } from '../server.ts';

test('a second request reuses the free socket', async () => {
  const server = await echoServer();
  const agent = new KeepAliveAgent(server.port, 1_000);
  try {
    assert.equal(await agent.request('ping'), 'PING');
    assert.equal(await agent.request('pong'), 'PONG');
    assert.equal(agent.created, 1);
  } finally {
    agent.close();
    await server.close();
  }
});
