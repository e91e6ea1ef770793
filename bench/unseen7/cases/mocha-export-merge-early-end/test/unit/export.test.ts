import assert from 'node:assert/strict';
import { createExportHandler, ExportService, readExport } from '../../src/export.ts';
import { ShardStore } from '../../src/shards.ts';

function setup() {
  const store = new ShardStore();
  store.addTenant('acme', [2], 25);
  store.addTenant('initech', [1], 9);
  store.addTenant('hooli', [3], 0);
  const service = new ExportService(store);
  return { store, service, handle: createExportHandler(service) };
}

describe('tenant export, one request at a time', () => {
  it('a tenant on one shard is exported whole', async () => {
    const { handle } = setup();
    const reply = await handle('acme');
    assert.equal(reply.status, 200);
    if (reply.status !== 200) return;
    const records = await readExport(reply.file);
    assert.equal(reply.records, 25);
    assert.deepEqual(records.map((r) => r.seq), Array.from({ length: 25 }, (_, i) => i));
    assert.ok(records.every((r) => r.tenant === 'acme' && r.shard === 2));
  });

  it('an unknown tenant is not found', async () => {
    const { handle, store } = setup();
    assert.deepEqual(await handle('umbrella'), { status: 404, error: 'no tenant umbrella' });
    assert.equal(store.cursorsOpened, 0);
  });

  it('a tenant without records gets an empty file', async () => {
    const { handle } = setup();
    const reply = await handle('hooli');
    assert.equal(reply.status, 200);
    assert.equal(reply.status === 200 && reply.records, 0);
  });

  it('exports one after another are written to separate files', async () => {
    const { handle, service } = setup();
    const first = await handle('initech');
    const second = await handle('initech');
    assert.ok(first.status === 200 && second.status === 200);
    assert.notEqual(first.file, second.file);
    assert.deepEqual(await readExport(first.file), await readExport(second.file));
    assert.equal(service.maxRunning, 1);
  });
});
