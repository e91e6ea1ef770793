import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvImporter } from '../../src/importer.ts';
import { MemoryDb } from '../../src/memory-db.ts';

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no result within ${ms} ms`)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

test('two files imported at once while the database opens', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-csv-'));
  try {
    writeFileSync(join(dir, 'users.csv'), 'id,name\n1,ann\n2,bob\n3,cyd\n');
    writeFileSync(join(dir, 'orders.csv'), 'id,user,total\n10,1,"5,00"\n11,2,7\n');
    const db = new MemoryDb();
    const importer = new CsvImporter(db);
    const counts = await within(Promise.all([importer.importFile(join(dir, 'users.csv')), importer.importFile(join(dir, 'orders.csv'))]), 3000);
    assert.deepEqual(counts, [3, 2]);
    assert.equal(db.tables.get('orders')?.[0]?.total, '5,00');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
