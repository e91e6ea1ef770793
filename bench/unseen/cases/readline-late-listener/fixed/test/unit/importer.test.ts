import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitCsvLine, toRow } from '../../src/csv.ts';
import { tableName, CsvImporter } from '../../src/importer.ts';
import { MemoryDb } from '../../src/memory-db.ts';

test('splitCsvLine handles quotes', () => {
  assert.deepEqual(splitCsvLine('a, "b,c" ,d'), ['a', 'b,c', 'd']);
  assert.deepEqual(toRow(['x', 'y'], ['1']), { x: '1', y: '' });
  assert.equal(tableName('/tmp/my-users.csv'), 'my_users');
});

test('imports a file into an already open database', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-csv-'));
  try {
    const file = join(dir, 'users.csv');
    writeFileSync(file, 'id,name\n1,ann\n2,bob\n\n');
    const db = new MemoryDb();
    await db.open();
    assert.equal(await new CsvImporter(db).importFile(file), 2);
    assert.deepEqual(db.tables.get('users'), [{ id: '1', name: 'ann' }, { id: '2', name: 'bob' }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
