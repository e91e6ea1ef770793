import { describe, expect, it } from 'vitest';
import { FakeNetwork, ShardRouter } from '../../src/cluster';
import { HashRing } from '../../src/hash-ring';
import { ClusterAdmin, SessionService } from '../../src/sessions';

async function setup() {
  const network = new FakeNetwork();
  const router = new ShardRouter(network);
  const stores = ['10.0.0.1', '10.0.0.2', '10.0.0.3'].map((a) => network.listen(a));
  await router.addNode('n1', '10.0.0.1');
  await router.addNode('n2', '10.0.0.2');
  await router.addNode('n3', '10.0.0.3');
  return { network, router, stores, sessions: new SessionService(router), admin: new ClusterAdmin(router) };
}

describe('hash ring', () => {
  it('sends a key to the same node every time, and spreads keys over the nodes', () => {
    const ring = new HashRing<{ id: string }>();
    ['a', 'b', 'c'].forEach((id) => ring.add({ id }));
    const owners = new Set<string>();
    for (let i = 0; i < 60; i++) {
      expect(ring.lookup(`k${i}`).id).toBe(ring.lookup(`k${i}`).id);
      owners.add(ring.lookup(`k${i}`).id);
    }
    expect([...owners].sort()).toEqual(['a', 'b', 'c']);
  });

  it('removing a node only moves that node\'s keys', () => {
    const ring = new HashRing<{ id: string }>();
    ['a', 'b', 'c'].forEach((id) => ring.add({ id }));
    const before = Array.from({ length: 40 }, (_, i) => ring.lookup(`k${i}`).id);
    ring.remove('b');
    const after = Array.from({ length: 40 }, (_, i) => ring.lookup(`k${i}`).id);
    before.forEach((owner, i) => {
      if (owner !== 'b') expect(after[i]).toBe(owner);
    });
    expect(() => ring.add({ id: 'a' })).toThrow(/already on the ring/);
  });
});

describe('sessions', () => {
  it('a session logged in is found again', async () => {
    const { sessions } = await setup();
    await sessions.login('t1', { user: 'ada', roles: ['admin'] });
    expect(await sessions.authenticate('t1')).toEqual({ user: 'ada', roles: ['admin'] });
  });

  it('an unknown token is a 401', async () => {
    const { sessions } = await setup();
    await expect(sessions.authenticate('nope')).rejects.toThrow(/401/);
  });

  it('after a node moves, its sessions are still found', async () => {
    const { sessions, admin, network, stores } = await setup();
    for (let i = 0; i < 12; i++) await sessions.login(`t${i}`, { user: `u${i}`, roles: [] });
    network.listen('10.0.0.22', stores[1]);
    await admin.applyChanges([{ op: 'move', id: 'n2', address: '10.0.0.22' }]);
    for (let i = 0; i < 12; i++) expect((await sessions.authenticate(`t${i}`)).user).toBe(`u${i}`);
    expect(admin.applied).toHaveLength(1);
  });

  it('refuses a bad node id and a move of an unknown node', async () => {
    const { admin, router } = await setup();
    await expect(admin.applyChanges([{ op: 'add', id: 'N 4', address: 'x' }])).rejects.toThrow(/bad node id/);
    await expect(admin.applyChanges([{ op: 'move', id: 'n9', address: '10.0.0.9' }])).rejects.toThrow(/no node n9/);
    expect(router.nodeIds).toEqual(['n1', 'n2', 'n3']);
  });
});
