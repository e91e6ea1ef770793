import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VisitCounter } from '../../src/visit-counter.ts';

// Five visitors 25 ms apart (each visit takes well under a millisecond on an idle
// machine): every visit must be counted.
test('visits 25 ms apart are all counted', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-visits-'));
  try {
    const counter = new VisitCounter(join(dir, 'visits.txt'));
    const visits: Promise<number>[] = [];
    await new Promise<void>((resolve) => {
      for (let i = 0; i < 5; i++) setTimeout(() => { visits.push(counter.visit()); if (visits.length === 5) resolve(); }, 25 * i);
    });
    await Promise.all(visits);
    assert.equal(await counter.count(), 5);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
