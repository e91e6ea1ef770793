import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChatServer } from '../../src/chat-server.ts';
import { Client } from '../client.ts';

test('a user reconnects while the old connection goes idle: the new session survives', async () => {
  const server = new ChatServer();
  const port = await server.listen();
  try {
    const phone = new Client(port);
    phone.send('HELLO ann 40');
    await phone.expect('WELCOME');
    const laptop = new Client(port);
    laptop.send('HELLO ann 60000');
    await Promise.all([laptop.expect('WELCOME'), phone.closed]);
    assert.deepEqual(server.who(), ['ann']);
    assert.equal(server.sessions.get('ann')?.idleMs, 60000);
  } finally {
    await server.close();
  }
});
