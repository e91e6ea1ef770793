import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RotatingLog } from '../../src/rotating-log.ts';

test('request handlers log at the same time; no line is lost', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-rotate-'));
  try {
    const log = new RotatingLog(dir, 'app', 24);
    await log.append('boot-00-ok');
    await log.append('boot-01-ok');
    const lines = Array.from({ length: 8 }, (_, i) => `req-${String(i).padStart(2, '0')}-ok`);
    const results = await Promise.allSettled(lines.map((l) => log.append(l)));
    for (const r of results) assert.equal(r.status, 'fulfilled', r.status === 'rejected' ? String(r.reason) : '');
    assert.deepEqual((await log.readAll()).sort(), ['boot-00-ok', 'boot-01-ok', ...lines]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
