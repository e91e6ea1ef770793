import { beforeEach, describe, expect, it } from 'vitest';
import { FakeNetwork, ShardRouter } from '../../src/cluster';
import { ClusterAdmin, SessionService } from '../../src/sessions';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const at = <T>(ms: number, fn: () => Promise<T>) => sleep(ms).then(fn);
const randomOffset = (max: number) => Math.floor(Math.random() * max);

let network: FakeNetwork;
let router: ShardRouter;
let stores: Map<string, string>[];
let sessions: SessionService;
let admin: ClusterAdmin;
const tokens = Array.from({ length: 18 }, (_, i) => `tok-${i}`);

beforeEach(async () => {
  network = new FakeNetwork();
  router = new ShardRouter(network);
  stores = ['10.0.0.1', '10.0.0.2', '10.0.0.3'].map((a) => network.listen(a));
  sessions = new SessionService(router);
  admin = new ClusterAdmin(router);
  await admin.applyChanges([
    { op: 'add', id: 'n1', address: '10.0.0.1' },
    { op: 'add', id: 'n2', address: '10.0.0.2' },
    { op: 'add', id: 'n3', address: '10.0.0.3' },
  ]);
  await Promise.all(tokens.map((t, i) => sessions.login(t, { user: `user${i}`, roles: ['reader'] })));
});

describe('sessions while the cluster serves traffic', () => {
  it('concurrent requests on a stable cluster all authenticate', async () => {
    const users = await Promise.all(tokens.map((t) => at(randomOffset(4), () => sessions.authenticate(t))));
    expect(users.map((s) => s.user)).toEqual(tokens.map((_, i) => `user${i}`));
  });

  it('nodes added at once share one connection per address', async () => {
    network.listen('10.0.0.4');
    const connectsBefore = network.connects;
    await Promise.all([
      router.addNode('n4', '10.0.0.4'),
      router.addNode('n4b', '10.0.0.4'),
      router.addNode('n4c', '10.0.0.4'),
    ]);
    expect(network.connects - connectsBefore).toBe(1);
    expect(router.nodeIds).toEqual(['n1', 'n2', 'n3', 'n4', 'n4b', 'n4c']);
  });

  it('requests keep authenticating while a node moves to a new address', async () => {
    network.listen('10.0.0.12', stores[1]);
    const requests = tokens.map((t) => at(randomOffset(6), () => sessions.authenticate(t)));
    const move = at(1, () => admin.applyChanges([{ op: 'move', id: 'n2', address: '10.0.0.12' }]));
    const results = await Promise.allSettled([...requests, move]);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    expect(refused).toEqual([]);
  });

  it('a node moves while nobody is reading, then everything is found', async () => {
    network.listen('10.0.0.13', stores[2]);
    await admin.applyChanges([{ op: 'move', id: 'n3', address: '10.0.0.13' }]);
    const users = await Promise.all(tokens.map((t) => sessions.authenticate(t)));
    expect(users).toHaveLength(tokens.length);
    expect(router.nodeIds).toEqual(['n1', 'n2', 'n3']);
  });
});
