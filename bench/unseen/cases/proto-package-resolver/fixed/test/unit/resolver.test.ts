import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareVersions, pickVersion, Resolver, satisfies } from '../../src/resolver.cjs';
import { FakeRegistry } from '../../src/registry.cjs';

const PACKAGES = { lodash: ['3.10.1', '4.17.20', '4.17.21', '4.2.0'], chalk: ['4.1.2', '5.3.0'] };

test('version helpers', () => {
  assert.ok(compareVersions('4.17.21', '4.2.0') > 0);
  assert.equal(satisfies('4.17.21', '^4'), true);
  assert.equal(satisfies('4.2.0', '^4.3'), false);
  assert.equal(satisfies('3.10.1', '3.10.1'), true);
  assert.equal(pickVersion({ name: 'lodash', versions: PACKAGES.lodash }, '^4'), '4.17.21');
  assert.throws(() => pickVersion({ name: 'chalk', versions: PACKAGES.chalk }, '^6'), /no version/);
});

test('resolve asks the registry once per package', async () => {
  const registry = new FakeRegistry(PACKAGES);
  const resolver = new Resolver(registry);
  assert.equal(await resolver.resolve('lodash', '^4'), '4.17.21');
  assert.equal(await resolver.resolve('lodash', '^3'), '3.10.1');
  assert.deepEqual(await resolver.resolveAll({ chalk: '^4', lodash: '^4.2' }), { chalk: '4.1.2', lodash: '4.17.21' });
  assert.deepEqual(registry.requests, { lodash: 1, chalk: 1 });
  await assert.rejects(resolver.resolve('left-pad', '^1'), /404/);
});
