import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommand, splitLines } from '../../src/protocol.ts';
import { ChatServer } from '../../src/chat-server.ts';
import { Client } from '../client.ts';

test('protocol parsing', () => {
  assert.deepEqual(parseCommand('HELLO ann 50', 1000), { kind: 'hello', user: 'ann', idleMs: 50 });
  assert.deepEqual(parseCommand('hello bob', 1000), { kind: 'hello', user: 'bob', idleMs: 1000 });
  assert.deepEqual(parseCommand('SAY hi there', 1000), { kind: 'say', text: 'hi there' });
  assert.equal(parseCommand('HELLO', 1000).kind, 'bad');
  assert.deepEqual(splitLines('a\nb\nc'), { lines: ['a', 'b'], rest: 'c' });
});

test('hello, who, quit', async () => {
  const server = new ChatServer();
  const port = await server.listen();
  try {
    const ann = new Client(port);
    ann.send('HELLO ann');
    await ann.expect('WELCOME');
    ann.send('WHO');
    assert.equal(await ann.expect('USERS'), 'USERS ann');
    ann.send('QUIT');
    await ann.closed;
    assert.deepEqual(server.who(), []);
  } finally {
    await server.close();
  }
});

test('an idle session is dropped', async () => {
  const server = new ChatServer();
  const port = await server.listen();
  try {
    const bob = new Client(port);
    bob.send('HELLO bob 30');
    await bob.expect('WELCOME');
    assert.equal(await bob.expect('BYE'), 'BYE idle');
    await bob.closed;
    assert.deepEqual(server.who(), []);
  } finally {
    await server.close();
  }
});
