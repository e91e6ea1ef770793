import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeTransport } from '../../src/transport.ts';
import { ApiClient, buildPath, TimeoutError } from '../../src/api-client.ts';

const routes = {
  '/users': { body: '[{"id":1}]', latencyMs: 5 },
  '/report': { body: '{"rows":3}', latencyMs: 400 },
};

test('query strings are sorted and encoded', () => {
  assert.equal(buildPath('/users'), '/users');
  assert.equal(buildPath('/users', { q: 'a b', page: '2' }), '/users?page=2&q=a+b');
});

test('a fast request returns its body', async () => {
  const client = new ApiClient(new FakeTransport(routes));
  assert.deepEqual(await client.getJson('/users', { query: { page: '1' } }), [{ id: 1 }]);
  assert.equal(client.requests, 1);
  assert.equal(client.timeouts, 0);
});

test('a request past its deadline fails with a timeout', async () => {
  const client = new ApiClient(new FakeTransport(routes));
  await assert.rejects(client.get('/report', { timeoutMs: 10 }), TimeoutError);
  assert.equal(client.timeouts, 1);
  assert.equal(await client.get('/users'), '[{"id":1}]');
});

test('an unknown path fails without a timeout', async () => {
  const client = new ApiClient(new FakeTransport(routes));
  await assert.rejects(client.get('/nope'), /404/);
  assert.equal(client.timeouts, 0);
});
