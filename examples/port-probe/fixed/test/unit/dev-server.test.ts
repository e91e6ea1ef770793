import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { DevServer, findFreePort, isPortFree } from '../../src/dev-server.ts';
import { BASE_PORT, fetchBanner } from '../ports.ts';

test('isPortFree tells a free port from one in use', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(BASE_PORT + 1, '127.0.0.1', resolve));
  try {
    assert.equal(await isPortFree(BASE_PORT), true);
    assert.equal(await isPortFree(BASE_PORT + 1), false);
    assert.equal(await isPortFree(BASE_PORT + 2), true);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

test('findFreePort skips the ports in use', async () => {
  for (const [k, busy] of [0, 1, 3].entries()) {
    const base = BASE_PORT + 10 * (k + 1);
    const blockers = [];
    for (let i = 0; i < busy; i++) {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(base + i, '127.0.0.1', resolve));
      blockers.push(blocker);
    }
    try {
      assert.equal(await findFreePort(base), base + busy);
    } finally {
      for (const blocker of blockers) await new Promise((resolve) => blocker.close(resolve));
    }
  }
});

test('a dev server starts on the first free port and stops', async () => {
  for (const name of ['api', 'admin', 'docs']) {
    const server = new DevServer(name, BASE_PORT);
    try {
      assert.equal(await server.start(), BASE_PORT);
      assert.equal(await fetchBanner(server.port), `${name}\n`);
    } finally {
      await server.stop();
    }
    assert.equal(server.port, 0);
  }
});

test('dev servers started one after the other get different ports', async () => {
  const servers = [new DevServer('api', BASE_PORT), new DevServer('admin', BASE_PORT), new DevServer('docs', BASE_PORT)];
  try {
    for (const [i, server] of servers.entries()) assert.equal(await server.start(), BASE_PORT + i);
    assert.equal(await fetchBanner(BASE_PORT + 1), 'admin\n');
  } finally {
    for (const server of servers) await server.stop();
  }
});
