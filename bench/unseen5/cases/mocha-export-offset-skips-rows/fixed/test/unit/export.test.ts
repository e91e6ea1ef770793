import assert from 'node:assert/strict';
import { EventsTable } from '../../src/events-table.ts';
import { ExportService, RetentionJob, exportedIds } from '../../src/export.ts';
import { BASE, seed } from '../seed.ts';

describe('tenant export', () => {
  it('lists every row of the tenant in id order under a header', async () => {
    const table = new EventsTable();
    seed(table, 'acme', 12);
    seed(table, 'globex', 3);
    const csv = await new ExportService(table).exportCsv('acme');
    assert.equal(csv.split('\n')[0], 'id,type,at,detail');
    assert.deepEqual(exportedIds(csv), table.idsOf('acme'));
  });

  it('quotes fields with commas', async () => {
    const table = new EventsTable();
    table.insertNow('acme', 'purchase', BASE, 'mug, blue');
    const csv = await new ExportService(table).exportCsv('acme');
    assert.equal(csv.split('\n')[1], `1,purchase,2026-01-01T00:00:00.000Z,"mug, blue"`);
  });

  it('an unknown tenant exports just the header', async () => {
    assert.equal(await new ExportService(new EventsTable()).exportCsv('nobody'), 'id,type,at,detail\n');
  });

  it('a purge deletes only the old debug events, in batches', async () => {
    const table = new EventsTable();
    seed(table, 'acme', 24);
    const job = new RetentionJob(table, 4);
    const deleted = await job.purgeDebug('acme', BASE + 16 * 1000);
    assert.equal(deleted, 8);
    assert.equal(job.batches, 3);
    assert.equal(table.idsOf('acme').length, 16);
  });

  it('an export after a purge has none of the purged rows', async () => {
    const table = new EventsTable();
    seed(table, 'acme', 20);
    await new RetentionJob(table).purgeDebug('acme', BASE + 20 * 1000);
    const ids = exportedIds(await new ExportService(table).exportCsv('acme'));
    assert.deepEqual(ids, table.idsOf('acme'));
    assert.equal(ids.length, 10);
  });
});
