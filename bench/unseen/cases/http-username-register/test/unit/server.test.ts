import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RegistrationServer, isValidName, normalizeName } from '../../src/server.ts';
import { call } from '../helpers.ts';

test('names are normalized and validated', () => {
  assert.equal(normalizeName('  Ann_1 '), 'ann_1');
  assert.equal(normalizeName(42), '');
  assert.equal(isValidName('ann_1'), true);
  assert.equal(isValidName('a'), false);
  assert.equal(isValidName('1abc'), false);
});

test('register, then the same name again, over HTTP', async () => {
  const server = new RegistrationServer();
  const port = await server.listen();
  try {
    const first = await call(port, 'POST', '/users', { name: 'Ann' });
    assert.equal(first.status, 201);
    assert.equal(first.body.name, 'ann');
    assert.equal((await call(port, 'POST', '/users', { name: 'ann ' })).status, 409);
    assert.equal((await call(port, 'POST', '/users', { name: '!' })).status, 400);
    assert.equal((await call(port, 'POST', '/users', { name: 'bob' })).status, 201);
    const all = await call(port, 'GET', '/users');
    assert.deepEqual(all.body.map((u: { name: string }) => u.name), ['ann', 'bob']);
  } finally {
    await server.close();
  }
});
