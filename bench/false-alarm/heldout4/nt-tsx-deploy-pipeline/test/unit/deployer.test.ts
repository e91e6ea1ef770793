import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cancelled, CancelToken } from '../../src/cancel-token.js';
import { deploy } from '../../src/deployer.js';
import { Infra } from '../../src/infra.js';

test('a one-service deploy builds, migrates, starts and waits for health', async () => {
  const infra = new Infra();
  const images = await deploy(infra, { services: ['api'], migrations: ['001'] });
  assert.equal(images.length, 1);
  assert.deepEqual(infra.log, ['build api', 'built api', 'migrate 001', 'migrated 001', 'start api']);
  assert.ok(infra.healthy.has(images[0].tag));
});

test('migrations run one after another in the listed order', async () => {
  const infra = new Infra();
  await deploy(infra, { services: [], migrations: ['001', '002', '003'] });
  assert.deepEqual(infra.log, ['migrate 001', 'migrated 001', 'migrate 002', 'migrated 002', 'migrate 003', 'migrated 003']);
});

test('a token cancelled before the deploy starts nothing', async () => {
  const infra = new Infra();
  const token = new CancelToken();
  token.cancel('change freeze');
  await assert.rejects(deploy(infra, { services: ['api', 'web'], migrations: ['001'] }, token), Cancelled);
  assert.deepEqual(infra.log, []);
});

test('cancelling twice keeps the first reason and aborts the signal once', () => {
  const token = new CancelToken();
  let aborts = 0;
  token.signal.addEventListener('abort', () => aborts++);
  token.cancel('first');
  token.cancel('second');
  assert.equal(token.reason, 'first');
  assert.equal(aborts, 1);
  assert.throws(() => token.throwIfCancelled(), /cancelled: first/);
});

test('a broken service makes the health wait time out', async () => {
  const infra = new Infra();
  infra.broken.add('web');
  await assert.rejects(deploy(infra, { services: ['web'], migrations: [], healthTimeoutMs: 30 }), { name: 'TimeoutError' });
});
