import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AutoSaver } from '../../src/autosaver.ts';
import { FileStorage } from '../../src/storage.ts';
import { tempFile } from '../tmp.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('a burst of edits in one turn is saved once, with the last text', async () => {
  const storage = new FileStorage(tempFile('doc.txt'));
  const saver = new AutoSaver(storage, 15);
  for (const t of ['h', 'he', 'hel', 'hell', 'hello']) saver.edit(t);
  await saver.idle();
  assert.deepEqual(storage.writes, ['hello']);
});

test('edits from several async tasks: saves never overlap and the file ends with the last edit', async () => {
  const storage = new FileStorage(tempFile('doc.txt'));
  const saver = new AutoSaver(storage, 5);
  const typist = async (prefix: string) => {
    for (let i = 1; i <= 4; i++) {
      await tick();
      saver.edit(`${prefix}${i}`);
      if (i === 2) await saver.flush();
    }
  };
  await Promise.all([typist('a'), typist('b')]);
  await saver.idle();
  assert.equal(storage.maxWriting, 1);
  assert.equal(await storage.read(), saver.current());
  assert.equal(storage.writes.at(-1), saver.current());
});

test('concurrent flushes write once', async () => {
  const storage = new FileStorage(tempFile('doc.txt'));
  const saver = new AutoSaver(storage, 1000);
  saver.edit('draft');
  await Promise.all([saver.flush(), saver.flush(), saver.flush()]);
  assert.deepEqual(storage.writes, ['draft']);
});

test('an edit during a running save is saved afterwards', async () => {
  const storage = new FileStorage(tempFile('doc.txt'));
  const saver = new AutoSaver(storage, 1000);
  saver.edit('v1');
  const first = saver.flush();
  await tick(); // the first save has taken its snapshot by now
  saver.edit('v2');
  const second = saver.flush();
  await Promise.all([first, second]);
  assert.deepEqual(storage.writes, ['v1', 'v2']);
  assert.equal(await storage.read(), 'v2');
});
