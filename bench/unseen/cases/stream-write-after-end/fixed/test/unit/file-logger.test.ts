import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileLogger } from '../../src/file-logger.ts';
import { formatEntry, redact } from '../../src/format.ts';

test('formatEntry sorts the fields', () => {
  assert.equal(formatEntry('info', 'hi', { b: 2, a: 1 }), 'INFO hi a=1 b=2\n');
  assert.equal(formatEntry('warn', 'x', {}), 'WARN x\n');
});

test('redact hashes secrets only', async () => {
  const out = await redact({ user: 'ann', password: 'hunter2' });
  assert.equal(out.user, 'ann');
  assert.notEqual(out.password, 'hunter2');
  assert.equal(String(out.password).length, 8);
});

test('log lines reach the file before close resolves', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unseen-logger-'));
  try {
    const logger = new FileLogger(join(dir, 'app.log'));
    await logger.log('info', 'started', { port: 80 });
    await logger.log('warn', 'slow', { ms: 120 });
    await logger.close();
    assert.equal(readFileSync(logger.path, 'utf8'), 'INFO started port=80\nWARN slow ms=120\n');
    await assert.rejects(logger.log('info', 'late'), /closed/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
