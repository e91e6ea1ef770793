import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatClient, cleanText, decodeText, encodeFrame } from '../../src/chat-client.ts';
import { FakeTransport } from '../../src/transport.ts';

const texts = (transport: FakeTransport) => transport.delivered.map(decodeText);

describe('chat client', () => {
  it('cleans up message text', () => {
    assert.equal(cleanText('  hello \n  world '), 'hello world');
    assert.equal(cleanText('x'.repeat(600)).length, 500);
    assert.throws(() => cleanText(' \t '), /empty message/);
  });

  it('frames carry the room and the user', () => {
    assert.equal(encodeFrame('general', 'ada', 'hi'), '{"room":"general","user":"ada","text":"hi"}');
    assert.equal(decodeText(encodeFrame('r', 'u', 'hey')), 'hey');
  });

  it('messages written before connecting are sent on connect, in order', async () => {
    const transport = new FakeTransport();
    const client = new ChatClient('ada', 'general', transport);
    assert.equal(await client.post('one'), 'queued');
    assert.equal(await client.post('two'), 'queued');
    await client.start();
    assert.deepEqual(texts(transport), ['one', 'two']);
    assert.equal(client.unsent, 0);
  });

  it('once connected a message is sent at once', async () => {
    const transport = new FakeTransport();
    const client = new ChatClient('bob', 'general', transport);
    await client.start();
    assert.equal(await client.post('hello'), 'sent');
    assert.deepEqual(texts(transport), ['hello']);
  });

  it('reconnects after a drop and sends what was written meanwhile', async () => {
    const transport = new FakeTransport();
    const client = new ChatClient('cy', 'general', transport);
    await client.start();
    transport.drop();
    assert.equal(await client.post('still there?'), 'queued');
    await client.settled();
    assert.deepEqual(texts(transport), ['still there?']);
    assert.equal(transport.connects, 2);
  });
});
