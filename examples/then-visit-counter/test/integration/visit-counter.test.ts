import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs, { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VisitCounter } from '../../src/visit-counter.ts';

// Twenty visitors one after the other: each loads the page (8 MB), then its visit is counted while
// the next visitor is loading the page. Counting takes a few small file operations, loading the
// page many large reads; the integration command runs Node's thread pool with one thread
// (UV_THREADPOOL_SIZE=1, conlens.config.json), which takes file operations first come, first
// served, so a count is done long before the next page has loaded, whatever the machine's load.
// Nothing in Node orders the two, though: with the default pool of four threads a busy machine
// lets the next visitor arrive while a count is between its read and its write.
test('twenty visitors in a row are all counted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-visits-'));
  try {
    const counter = new VisitCounter(join(dir, 'visits.txt'));
    const page = join(dir, 'page.html');
    writeFileSync(page, Buffer.alloc(8 << 20, 'x'));
    const loadPage = () => new Promise<void>((resolve, reject) => fs.readFile(page, (err) => (err ? reject(err) : resolve())));
    const visits: Promise<number>[] = [];
    for (let visitor = 1; visitor <= 20; visitor++) {
      await loadPage();
      visits.push(counter.visit());
    }
    await Promise.all(visits);
    assert.equal(await counter.count(), 20);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
