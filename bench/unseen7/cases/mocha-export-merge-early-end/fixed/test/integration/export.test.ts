import assert from 'node:assert/strict';
import { createExportHandler, ExportService, readExport } from '../../src/export.ts';
import { ShardStore } from '../../src/shards.ts';

function setup() {
  const store = new ShardStore();
  store.addTenant('globex', [1, 2, 3], 24);
  for (const [i, tenant] of ['acme', 'initech', 'hooli', 'stark', 'wayne'].entries()) store.addTenant(tenant, [i + 1], 16);
  const service = new ExportService(store);
  return { store, service, handle: createExportHandler(service) };
}

describe('tenant export under concurrent requests', () => {
  it('a tenant spread over three shards is exported whole', async () => {
    const { handle } = setup();
    const [globex, acme] = await Promise.all([handle('globex'), handle('acme')]);
    assert.equal(acme.status, 200);
    assert.equal(globex.status, 200, globex.status !== 200 ? globex.error : '');
    if (globex.status !== 200) return;
    const keys = (await readExport(globex.file)).map((r) => `${r.shard}:${r.seq}`);
    assert.equal(new Set(keys).size, 72);
    assert.equal(keys.length, 72);
  });

  it('exports of five tenants at once run two at a time and each is complete', async () => {
    const { handle, service } = setup();
    const tenants = ['acme', 'initech', 'hooli', 'stark', 'wayne'];
    const replies = await Promise.all(tenants.map((t) => handle(t)));
    assert.deepEqual(replies.map((r) => r.status === 200 && r.records), [16, 16, 16, 16, 16]);
    assert.ok(service.maxRunning <= 2, `max running ${service.maxRunning}`);
  });

  it('one tenant exported twice at once gives two identical files', async () => {
    const { handle } = setup();
    const [a, b] = await Promise.all([handle('stark'), handle('stark')]);
    assert.ok(a.status === 200 && b.status === 200);
    assert.notEqual(a.file, b.file);
    assert.deepEqual(await readExport(a.file), await readExport(b.file));
  });
});
