import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Cancelled, CancelToken } from '../../src/cancel-token.js';
import { deploy } from '../../src/deployer.js';
import { Infra } from '../../src/infra.js';
import { gate, jitter, until } from '../helpers.js';

const services = ['api', 'web', 'worker', 'cron', 'admin'];

describe('builds two at a time', () => {
  test('five gated builds: exactly two start and meet inside, never a third, then all finish', async () => {
    const infra = new Infra();
    const g = gate();
    infra.holdBuilds = g.wait;
    const done = deploy(infra, { services, migrations: ['001'] });
    await until(() => infra.building === 2);
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
    assert.equal(infra.building, 2);
    assert.deepEqual(infra.log, ['build api', 'build web']);
    g.open();
    const images = await done;
    assert.deepEqual(images.map((i) => i.service), services);
    assert.equal(infra.maxBuilding, 2);
  });

  test('every build finishes before the first migration, and migrations keep their order', async () => {
    const infra = new Infra();
    await deploy(infra, { services, migrations: ['001', '002', '003'] });
    const firstMigration = infra.log.indexOf('migrate 001');
    assert.equal(infra.log.slice(0, firstMigration).filter((l) => l.startsWith('built')).length, 5);
    assert.deepEqual(infra.log.filter((l) => l.startsWith('migrat')), ['migrate 001', 'migrated 001', 'migrate 002', 'migrated 002', 'migrate 003', 'migrated 003']);
    assert.ok(infra.maxBuilding <= 2);
  });

  test('the deploy waits for every container to report healthy (a 15 ms start: at least 10 ms)', async () => {
    const infra = new Infra();
    const started = Date.now();
    const images = await deploy(infra, { services: services.slice(0, 3), migrations: [] });
    assert.ok(Date.now() - started >= 10);
    for (const image of images) assert.ok(infra.healthy.has(image.tag));
  });
});

describe('cancellation', () => {
  test('cancelled when the first build finishes: no build starts afterwards and no migration runs', async () => {
    const infra = new Infra();
    const token = new CancelToken();
    let cancelAt = -1;
    infra.once('built', () => {
      token.cancel('operator');
      cancelAt = infra.log.length;
    });
    await assert.rejects(deploy(infra, { services, migrations: ['001'] }, token), Cancelled);
    await until(() => infra.building === 0);
    assert.ok(infra.log.slice(cancelAt).every((l) => !l.startsWith('build ')));
    assert.ok(!infra.log.some((l) => l.startsWith('migrate')));
  });

  test('cancelled during a migration: the next migration never starts', async () => {
    const infra = new Infra();
    const token = new CancelToken();
    infra.once('migrated', () => token.cancel('bad migration'));
    await assert.rejects(deploy(infra, { services: ['api'], migrations: ['001', '002', '003'] }, token), /bad migration/);
    assert.deepEqual(infra.log.filter((l) => l.startsWith('migrat')), ['migrate 001', 'migrated 001']);
    assert.ok(!infra.log.some((l) => l.startsWith('start')));
  });

  test('cancelled while waiting for health: the wait stops through the signal', async () => {
    const infra = new Infra();
    infra.broken.add('web');
    const token = new CancelToken();
    infra.once('healthy', () => token.cancel('rollback'));
    await assert.rejects(deploy(infra, { services: ['api', 'web'], migrations: [], healthTimeoutMs: 60_000 }, token), Cancelled);
  });

  test('two environments deploy at once; cancelling staging leaves production alone', async () => {
    const staging = new Infra();
    const production = new Infra();
    const stagingToken = new CancelToken();
    const g = gate();
    staging.holdBuilds = g.wait;
    const both = Promise.allSettled([
      deploy(staging, { services, migrations: ['001'] }, stagingToken),
      (async () => (await jitter(), deploy(production, { services, migrations: ['001', '002'] })))(),
    ]);
    await until(() => staging.building === 2);
    stagingToken.cancel('superseded');
    g.open();
    const [s, p] = await both;
    assert.equal(s.status, 'rejected');
    assert.equal(p.status, 'fulfilled');
    assert.equal(production.log.filter((l) => l.startsWith('migrated')).length, 2);
    assert.ok(!staging.log.some((l) => l.startsWith('migrate')));
  });
});
