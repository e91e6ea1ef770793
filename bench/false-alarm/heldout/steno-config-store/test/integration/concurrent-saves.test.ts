import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ConfigStore, defaults } from '../../src/config-store.ts';
import { tempSettingsFile } from '../tmp.ts';

const onDisk = async (file: string) => JSON.parse(await readFile(file, 'utf8'));

test('three saves at once: the last one wins', async () => {
  const file = tempSettingsFile();
  const store = new ConfigStore(file);
  await Promise.all([
    store.replace({ ...defaults, fontSize: 12 }),
    store.replace({ ...defaults, fontSize: 16 }),
    store.replace({ ...defaults, fontSize: 20 }),
  ]);
  assert.equal((await onDisk(file)).fontSize, 20);
});

test('many updates at once: the file holds the final state', async () => {
  const file = tempSettingsFile();
  const store = new ConfigStore(file);
  const writes = [];
  for (let i = 1; i <= 10; i++) writes.push(store.update({ fontSize: 10 + i }));
  writes.push(store.update({ theme: 'dark' }));
  await Promise.all(writes);
  assert.deepEqual(await onDisk(file), store.get());
  assert.deepEqual(store.get(), { ...defaults, theme: 'dark', fontSize: 20, revision: 11 });
});

test('a reader during a burst of saves always sees whole JSON', async () => {
  const file = tempSettingsFile();
  const store = new ConfigStore(file);
  await store.update({ fontSize: 1 });
  const writes = Array.from({ length: 20 }, (_, i) => store.open(`/projects/p${i}`));
  const reads = Array.from({ length: 5 }, () => onDisk(file));
  const snapshots = await Promise.all(reads);
  await Promise.all(writes);
  for (const s of snapshots) assert.equal(typeof s.revision, 'number');
  assert.deepEqual((await onDisk(file)).recent, ['/projects/p19', '/projects/p18', '/projects/p17', '/projects/p16', '/projects/p15']);
});

test('two stores on two files do not disturb each other', async () => {
  const a = new ConfigStore(tempSettingsFile());
  const b = new ConfigStore(tempSettingsFile());
  await Promise.all([a.update({ theme: 'dark' }), b.update({ fontSize: 30 }), a.update({ fontSize: 9 }), b.update({ theme: 'dark' })]);
  assert.deepEqual(await onDisk(a.file), { ...defaults, theme: 'dark', fontSize: 9, revision: 2 });
  assert.deepEqual(await onDisk(b.file), { ...defaults, theme: 'dark', fontSize: 30, revision: 2 });
});
