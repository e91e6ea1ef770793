import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogBuffer } from '../../src/log-buffer.ts';

// A request handler logs two lines; the debounce timer (10 ms) flushes them, and 30 ms later the
// handler flushes explicitly before answering (an important line). Five requests, one after the
// other: every line must be in the file exactly once.
test('a debounced flush and an explicit flush never write a line twice', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-log-'));
  try {
    const file = join(dir, 'app.log');
    const log = new LogBuffer(file, 10);
    const expected: string[] = [];
    for (let request = 1; request <= 5; request++) {
      log.append(`request ${request} started`);
      log.append(`request ${request} done`);
      expected.push(`request ${request} started`, `request ${request} done`);
      await new Promise<void>((resolve, reject) => {
        setTimeout(() => log.flush((err) => (err ? reject(err) : resolve())), 30);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(readFileSync(file, 'utf8').trim().split('\n'), expected);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
