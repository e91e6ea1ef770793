import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Gateway, PresenceService, Socket } from '../../src/presence.ts';

function setup() {
  let now = 1_000;
  const presence = new PresenceService(() => now);
  return { presence, gateway: new Gateway(presence), tick: (ms: number) => (now += ms) };
}

describe('presence', () => {
  it('an unknown user is offline', async () => {
    const { presence } = setup();
    assert.deepEqual(await presence.status('ada'), { status: 'offline', sessions: 0 });
  });

  it('a connected session makes the user online', async () => {
    const { presence, gateway } = setup();
    await gateway.accept(new Socket('ada', 's1'));
    assert.deepEqual(await presence.status('ada'), { status: 'online', sessions: 1 });
  });

  it('closing the only session makes the user offline and records when', async () => {
    const { presence, gateway, tick } = setup();
    const s1 = new Socket('ada', 's1');
    await gateway.accept(s1);
    tick(500);
    const gone = gateway.left(s1);
    s1.close();
    await gone;
    assert.deepEqual(await presence.status('ada'), { status: 'offline', sessions: 0, lastSeen: 1_500 });
  });

  it('closing one of two tabs keeps the user online', async () => {
    const { presence, gateway } = setup();
    const [s1, s2] = [new Socket('ada', 's1'), new Socket('ada', 's2')];
    await gateway.accept(s1);
    await gateway.accept(s2);
    const gone = gateway.left(s1);
    s1.close();
    await gone;
    assert.deepEqual(await presence.status('ada'), { status: 'online', sessions: 1 });
  });

  it('a user who comes back after leaving is online again', async () => {
    const { presence, gateway } = setup();
    const s1 = new Socket('ada', 's1');
    await gateway.accept(s1);
    const gone = gateway.left(s1);
    s1.close();
    await gone;
    await gateway.accept(new Socket('ada', 's2'));
    assert.equal((await presence.status('ada')).status, 'online');
  });
});
