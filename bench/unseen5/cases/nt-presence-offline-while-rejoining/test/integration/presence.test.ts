import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kvConnects } from '../../src/kv.ts';
import { Gateway, PresenceService, Socket } from '../../src/presence.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function setup() {
  const presence = new PresenceService();
  return { presence, gateway: new Gateway(presence) };
}

describe('presence with many tabs', () => {
  it('sessions connecting at once share one store connection', async () => {
    const { presence, gateway } = setup();
    const before = kvConnects();
    await Promise.all(['ada', 'bob', 'cy', 'dee'].map((u, i) => gateway.accept(new Socket(u, `s${i}`))));
    assert.equal(kvConnects() - before, 1);
    const statuses = await Promise.all(['ada', 'bob', 'cy', 'dee'].map((u) => presence.status(u)));
    assert.ok(statuses.every((s) => s.status === 'online'));
  });

  it('one user leaving while another joins does not affect the other', async () => {
    const { presence, gateway } = setup();
    const ada = new Socket('ada', 'a1');
    await gateway.accept(ada);
    const gone = gateway.left(ada);
    ada.close();
    await Promise.all([gone, gateway.accept(new Socket('bob', 'b1'))]);
    assert.equal((await presence.status('ada')).status, 'offline');
    assert.equal((await presence.status('bob')).status, 'online');
  });

  it('closing two of three tabs at once keeps the user online', async () => {
    const { presence, gateway } = setup();
    const tabs = ['t1', 't2', 't3'].map((id) => new Socket('cy', id));
    for (const t of tabs) await gateway.accept(t);
    const gone = Promise.all([gateway.left(tabs[0]), gateway.left(tabs[1])]);
    tabs[0].close();
    tabs[1].close();
    await gone;
    assert.deepEqual(await presence.status('cy'), { status: 'online', sessions: 1 });
  });

  it('a page reload (old tab closes, new tab connects) leaves the user online', async () => {
    const { presence, gateway } = setup();
    const old = new Socket('ada', 'old');
    await gateway.accept(old);
    const gone = gateway.left(old);
    old.close();
    await Promise.all([
      gone,
      (async () => {
        await sleep(Math.random() * 4);
        await gateway.accept(new Socket('ada', 'new'));
      })(),
    ]);
    const { status, sessions } = await presence.status('ada');
    assert.deepEqual({ status, sessions }, { status: 'online', sessions: 1 });
  });
});
