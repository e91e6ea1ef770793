import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupIndex, RotatingLog } from '../../src/rotating-log.ts';

test('backupIndex reads the number of a backup', () => {
  assert.equal(backupIndex('app.3.log', 'app'), 3);
  assert.equal(backupIndex('app.log', 'app'), undefined);
  assert.equal(backupIndex('other.1.log', 'app'), undefined);
});

test('appends rotate when the file would grow past the limit', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-rotate-'));
  try {
    const log = new RotatingLog(dir, 'app', 24);
    for (let i = 1; i <= 7; i++) await log.append(`line-${i}-xxx`);
    assert.deepEqual(readdirSync(dir).sort(), ['app.1.log', 'app.2.log', 'app.3.log', 'app.log']);
    assert.deepEqual(await log.readAll(), [1, 2, 3, 4, 5, 6, 7].map((i) => `line-${i}-xxx`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
