import assert from 'node:assert/strict';
import { once } from '../../src/once.cjs';
import { SchemaDb } from '../../src/schema-db.ts';
import { migrate, NotesService, slug } from '../../src/notes-service.ts';

describe('notes service', () => {
  it('slugs titles', () => {
    assert.equal(slug('  Hello, World! '), 'hello-world');
    assert.equal(slug('Q3 plan'), 'q3-plan');
  });

  it('migrates the schema on first use', async () => {
    const db = new SchemaDb();
    const notes = new NotesService(db);
    assert.equal(await notes.create('First note', 'hi'), 'first-note');
    assert.deepEqual([...db.tables.get('notes')!], ['id', 'title', 'body', 'pinned']);
    assert.equal(notes.migrations, 1);
  });

  it('does not migrate again for later notes', async () => {
    const db = new SchemaDb();
    const notes = new NotesService(db);
    await notes.create('a', '1');
    await notes.create('b', '2');
    assert.equal(await notes.schemaVersion(), 3);
    assert.equal(notes.migrations, 1);
    assert.equal(db.rows.get('notes')!.length, 2);
  });

  it('migrate fails on a database that is already migrated', async () => {
    const db = new SchemaDb();
    await migrate(db);
    await assert.rejects(migrate(db), /already exists/);
  });

  it('once retries after a failure', async () => {
    let calls = 0;
    const load = once(async () => {
      calls++;
      if (calls === 1) throw new Error('flaky');
      return calls;
    });
    await assert.rejects(load(), /flaky/);
    assert.equal(await load(), 2);
    assert.equal(await load(), 2);
  });
});
