import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NoteStore, type Note } from '../../src/note-store.ts';

const load = (store: NoteStore) => new Promise<Note>((resolve, reject) => store.load((err, note) => (err ? reject(err) : resolve(note!))));

// An editor autosaves 20 ms after each keystroke burst, and the user saves by hand 10 ms after
// that: both saves must succeed and the note must be one of the two versions.
test('an autosave and a manual save a few ms apart both succeed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-notes-'));
  try {
    const store = new NoteStore(join(dir, 'note.json'));
    for (let round = 1; round <= 6; round++) {
      const results = await new Promise<(Error | null)[]>((resolve) => {
        const out: (Error | null)[] = [];
        const finish = (err: Error | null) => { out.push(err); if (out.length === 2) resolve(out); };
        setTimeout(() => store.save({ title: 'todo', body: `autosave ${round}` }, finish), 20);
        setTimeout(() => store.save({ title: 'todo', body: `manual ${round}` }, finish), 30);
      });
      assert.deepEqual(results.map((e) => e?.message ?? null), [null, null]);
      assert.match((await load(store)).body, new RegExp(`^(autosave|manual) ${round}$`));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
