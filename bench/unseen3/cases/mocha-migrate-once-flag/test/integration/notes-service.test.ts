import assert from 'node:assert/strict';
import { once } from '../../src/once.cjs';
import { SchemaDb } from '../../src/schema-db.ts';
import { NotesService } from '../../src/notes-service.ts';

describe('notes service under load', () => {
  it('creates notes sent together right after start-up', async () => {
    const db = new SchemaDb();
    const notes = new NotesService(db);
    const ids = await Promise.all([notes.create('One', '1'), notes.create('Two', '2'), notes.create('Three', '3')]);
    assert.deepEqual(ids, ['one', 'two', 'three']);
    assert.equal(db.rows.get('notes')!.length, 3);
    assert.equal(notes.migrations, 1);
  });

  it('reports the schema version to several callers at once', async () => {
    const notes = new NotesService(new SchemaDb());
    assert.deepEqual(await Promise.all([notes.schemaVersion(), notes.schemaVersion()]), [3, 3]);
  });

  it('creates notes together once the service is warm', async () => {
    const db = new SchemaDb();
    const notes = new NotesService(db);
    await notes.schemaVersion();
    await Promise.all([notes.create('a', ''), notes.create('b', ''), notes.create('c', '')]);
    assert.equal(db.rows.get('notes')!.length, 3);
  });

  it('health checks answer while the first note is created', async () => {
    const db = new SchemaDb();
    const notes = new NotesService(db);
    const [id, health] = await Promise.all([notes.create('x', 'y'), Promise.resolve(notes.health())]);
    assert.equal(id, 'x');
    assert.equal(health.ok, true);
  });

  it('a once-wrapped loader shared by two callers loads once', async () => {
    let loads = 0;
    const load = once(() => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 3)));
    assert.deepEqual(await Promise.all([load(), load()]), [1, 1]);
    assert.equal(loads, 1);
  });
});
