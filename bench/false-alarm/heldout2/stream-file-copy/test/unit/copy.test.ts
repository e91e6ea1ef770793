import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyNumbered } from '../../src/copy.ts';

test('copies a small file with numbered lines', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'copy-unit-'));
  try {
    await writeFile(join(dir, 'in.txt'), 'alpha\nbeta\ngamma');
    const r = await copyNumbered(join(dir, 'in.txt'), join(dir, 'out.txt'));
    assert.equal(await readFile(join(dir, 'out.txt'), 'utf8'), '1: alpha\n2: beta\n3: gamma\n');
    assert.equal(r.lines, 3);
    assert.deepEqual(await readdir(dir), ['in.txt', 'out.txt']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('lines longer than a chunk stay whole', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'copy-unit-'));
  try {
    const long = 'x'.repeat(300);
    await writeFile(join(dir, 'in.txt'), `${long}\nshort\n`);
    await copyNumbered(join(dir, 'in.txt'), join(dir, 'out.txt'), 16);
    assert.equal(await readFile(join(dir, 'out.txt'), 'utf8'), `1: ${long}\n2: short\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a missing source fails and leaves no temp file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'copy-unit-'));
  try {
    await assert.rejects(copyNumbered(join(dir, 'nope.txt'), join(dir, 'out.txt')), /ENOENT/);
    assert.deepEqual(await readdir(dir), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
