import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Resolver } from '../../src/resolver.cjs';
import { FakeRegistry } from '../../src/registry.cjs';

const PACKAGES = { lodash: ['3.10.1', '4.17.21'], chalk: ['4.1.2', '5.3.0'], debug: ['2.6.9', '4.3.4'] };

test('two workspaces resolve their dependencies at once: one registry request per package', async () => {
  const registry = new FakeRegistry(PACKAGES);
  const resolver = new Resolver(registry);
  const [web, cli] = await Promise.all([
    resolver.resolveAll({ lodash: '^4', chalk: '^5' }),
    resolver.resolveAll({ lodash: '^3', debug: '^4', chalk: '^4' }),
  ]);
  assert.deepEqual(web, { chalk: '5.3.0', lodash: '4.17.21' });
  assert.deepEqual(cli, { chalk: '4.1.2', debug: '4.3.4', lodash: '3.10.1' });
  assert.deepEqual(registry.requests, { chalk: 1, debug: 1, lodash: 1 });
});
