import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NoteStore, type Note } from '../../src/note-store.ts';

const save = (store: NoteStore, note: Note) => new Promise<void>((resolve, reject) => store.save(note, (err) => (err ? reject(err) : resolve())));
const load = (store: NoteStore) => new Promise<Note>((resolve, reject) => store.load((err, note) => (err ? reject(err) : resolve(note!))));

test('a saved note loads back, and a later save replaces it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-notes-'));
  try {
    const store = new NoteStore(join(dir, 'note.json'));
    await save(store, { title: 'a', body: 'first' });
    assert.deepEqual(await load(store), { title: 'a', body: 'first' });
    await save(store, { title: 'a', body: 'second' });
    assert.deepEqual(await load(store), { title: 'a', body: 'second' });
    assert.deepEqual(readdirSync(dir), ['note.json']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
