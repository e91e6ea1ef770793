import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RegistrationServer } from '../../src/server.ts';
import { call } from '../helpers.ts';

test('two clients register the same name at once: one wins', async () => {
  const server = new RegistrationServer();
  const port = await server.listen();
  try {
    for (const name of ['carol', 'dave', 'erin']) {
      const replies = await Promise.all([call(port, 'POST', '/users', { name }), call(port, 'POST', '/users', { name: name.toUpperCase() })]);
      assert.deepEqual(replies.map((r) => r.status).sort(), [201, 409]);
    }
    const all = await call(port, 'GET', '/users');
    assert.deepEqual(all.body.map((u: { name: string }) => u.name).sort(), ['carol', 'dave', 'erin']);
  } finally {
    await server.close();
  }
});
