import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileLogger } from '../../src/file-logger.ts';

test('a request logs while the server shuts the logger down', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-logger-'));
  try {
    const logger = new FileLogger(join(dir, 'app.log'));
    const results = await Promise.allSettled([
      logger.log('info', 'login', { user: 'ann', token: 'abc' }),
      logger.log('info', 'logout', { user: 'bob' }),
      logger.close(),
    ]);
    for (const r of results) assert.equal(r.status, 'fulfilled', r.status === 'rejected' ? String(r.reason) : '');
    assert.equal(logger.lastError, undefined);
    const lines = readFileSync(logger.path, 'utf8').trim().split('\n').sort();
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^INFO login token=\w{8} user=ann$/);
    assert.equal(lines[1], 'INFO logout user=bob');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
