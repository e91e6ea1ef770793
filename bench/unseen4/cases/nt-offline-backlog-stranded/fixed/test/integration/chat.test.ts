import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatClient, decodeText } from '../../src/chat-client.ts';
import { FakeTransport } from '../../src/transport.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (max: number) => Math.floor(Math.random() * (max + 1));
const sorted = (list: string[]) => [...list].sort();

/** The user keeps typing: one message every few milliseconds. */
function typeAway(client: ChatClient, messages: string[]) {
  let at = 0;
  return messages.map((text) => {
    at += random(3);
    return sleep(at).then(() => client.post(text));
  });
}

describe('chat client with messages racing the connection', () => {
  it('two users posting at once are both delivered', async () => {
    const transport = new FakeTransport();
    const ada = new ChatClient('ada', 'general', transport);
    const bob = new ChatClient('bob', 'general', transport);
    await Promise.all([ada.start(), bob.start()]);
    await Promise.all([ada.post('hi'), bob.post('hey'), ada.post('how are you')]);
    assert.deepEqual(sorted(transport.delivered.map(decodeText)), ['hey', 'hi', 'how are you']);
  });

  it('messages typed while the app connects all arrive', async () => {
    const transport = new FakeTransport();
    const client = new ChatClient('ada', 'general', transport);
    const typed = ['draft 1'];
    await Promise.all(typed.map((t) => client.post(t)));
    const more = ['one more thing'];
    await Promise.all([client.start(), sleep(random(6)).then(() => client.post(more[0]))]);
    await client.settled();
    assert.deepEqual(sorted(transport.delivered.map(decodeText)), sorted([...typed, ...more]));
    assert.equal(client.unsent, 0);
  });

  it('messages typed during a reconnect all arrive', async () => {
    const transport = new FakeTransport();
    const client = new ChatClient('bob', 'general', transport);
    await client.start();
    transport.drop();
    await Promise.all(typeAway(client, ['x', 'y']));
    await client.settled();
    assert.deepEqual(sorted(transport.delivered.map(decodeText)), ['x', 'y']);
  });

  it('a message that cannot be cleaned is refused, the others go out', async () => {
    const transport = new FakeTransport();
    const client = new ChatClient('cy', 'general', transport);
    await client.start();
    const results = await Promise.allSettled([client.post('ok'), Promise.resolve().then(() => client.post('   '))]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected']);
    assert.deepEqual(transport.delivered.map(decodeText), ['ok']);
  });
});
