import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DevServer } from '../../src/dev-server.ts';
import { BASE_PORT, fetchBanner } from '../ports.ts';

// `npm run dev` starts the API and the admin UI at the same time, both from the same base port.
// Each must get a port of its own and answer on it.
test('two dev servers started at the same time get different ports', async () => {
  const api = new DevServer('api', BASE_PORT);
  const admin = new DevServer('admin', BASE_PORT);
  try {
    const outcomes = await Promise.allSettled([api.start(), admin.start()]);
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'fulfilled', `a server failed to start: ${outcome.status === 'rejected' ? outcome.reason : ''}`);
    }
    assert.notEqual(api.port, admin.port);
    assert.equal(await fetchBanner(api.port), 'api\n');
    assert.equal(await fetchBanner(admin.port), 'admin\n');
  } finally {
    await api.stop();
    await admin.stop();
  }
});
