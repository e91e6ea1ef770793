import assert from 'node:assert/strict';
import { EventsTable } from '../../src/events-table.ts';
import { ExportService, RetentionJob, exportedIds } from '../../src/export.ts';
import { BASE, seed, sleep } from '../seed.ts';

describe('exports and retention running together', () => {
  it('two tenants exported at once each get all their rows', async () => {
    const table = new EventsTable();
    seed(table, 'acme', 23);
    seed(table, 'globex', 17);
    const exports = new ExportService(table);
    const [a, g] = await Promise.all([exports.exportCsv('acme'), exports.exportCsv('globex')]);
    assert.deepEqual(exportedIds(a), table.idsOf('acme'));
    assert.deepEqual(exportedIds(g), table.idsOf('globex'));
  });

  it("purging one tenant does not disturb another tenant's export", async () => {
    const table = new EventsTable();
    seed(table, 'acme', 30);
    seed(table, 'globex', 30);
    const [csv] = await Promise.all([new ExportService(table).exportCsv('globex'), new RetentionJob(table).purgeDebug('acme', BASE + 30 * 1000)]);
    assert.deepEqual(exportedIds(csv), table.idsOf('globex'));
  });

  it('two purges of one tenant at once run as one', async () => {
    const table = new EventsTable();
    seed(table, 'acme', 16);
    const job = new RetentionJob(table, 4);
    const [a, b] = await Promise.all([job.purgeDebug('acme', BASE + 16 * 1000), job.purgeDebug('acme', BASE + 16 * 1000)]);
    assert.deepEqual([a, b], [8, 8]);
    assert.equal(job.batches, 3);
  });

  it('an export during a purge still has every row that was kept', async () => {
    const table = new EventsTable();
    seed(table, 'acme', 40);
    const [csv] = await Promise.all([
      new ExportService(table).exportCsv('acme'),
      (async () => {
        await sleep(Math.random() * 6);
        return new RetentionJob(table).purgeDebug('acme', BASE + 20 * 1000);
      })(),
    ]);
    const exported = new Set(exportedIds(csv));
    const missing = table.idsOf('acme').filter((id) => !exported.has(id));
    assert.deepEqual(missing, [], 'kept rows missing from the export');
  });
});
