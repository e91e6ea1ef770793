import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogBuffer } from '../../src/log-buffer.ts';

const flushed = (log: LogBuffer) => new Promise<void>((resolve, reject) => log.flush((err) => (err ? reject(err) : resolve())));

test('lines are appended in order by explicit flushes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-log-'));
  try {
    const file = join(dir, 'app.log');
    const log = new LogBuffer(file, 1000);
    log.append('one');
    log.append('two');
    await flushed(log);
    log.append('three');
    await flushed(log);
    await flushed(log);
    assert.equal(readFileSync(file, 'utf8'), 'one\ntwo\nthree\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the debounce timer flushes once the lines stop coming', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-log-'));
  try {
    const file = join(dir, 'app.log');
    const log = new LogBuffer(file, 5);
    log.append('a');
    log.append('b');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(readFileSync(file, 'utf8'), 'a\nb\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
