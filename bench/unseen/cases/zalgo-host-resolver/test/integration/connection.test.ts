import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { HostResolver } from '../../src/host-resolver.ts';
import { Connection } from '../../src/connection.ts';

test('a pool opens connections to one host at staggered times: all end up open', async () => {
  const resolver = new HostResolver({ 'db.local': '10.0.0.5' });
  const conns = [0, 0, 5, 10].map(() => new Connection(resolver, 'db.local:5432'));
  await Promise.all(conns.map((c, i) => sleep([0, 0, 5, 10][i]).then(() => c.open())));
  assert.deepEqual(conns.map((c) => c.state), ['open', 'open', 'open', 'open']);
  assert.equal(resolver.queries, 1);
});
