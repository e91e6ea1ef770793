import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AutoSaver } from '../../src/autosaver.ts';
import { FileStorage } from '../../src/storage.ts';
import { tempFile } from '../tmp.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('an edit is saved after the delay', async () => {
  const storage = new FileStorage(tempFile('doc.txt'));
  const saver = new AutoSaver(storage, 10);
  saver.edit('hello');
  assert.deepEqual(storage.writes, []);
  await wait(40);
  await saver.idle();
  assert.deepEqual(storage.writes, ['hello']);
  assert.equal(await storage.read(), 'hello');
});

test('flush saves at once and only once', async () => {
  const storage = new FileStorage(tempFile('doc.txt'));
  const saver = new AutoSaver(storage, 10);
  saver.edit('now');
  await saver.flush();
  await wait(30);
  assert.deepEqual(storage.writes, ['now']);
});

test('flush with nothing changed writes nothing', async () => {
  const storage = new FileStorage(tempFile('doc.txt'));
  const saver = new AutoSaver(storage, 10);
  await saver.flush();
  assert.deepEqual(storage.writes, []);
});
