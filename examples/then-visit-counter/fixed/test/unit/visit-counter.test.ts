import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VisitCounter } from '../../src/visit-counter.ts';

function withCounter(fn: (counter: VisitCounter, file: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-visits-'));
  const file = join(dir, 'visits.txt');
  return fn(new VisitCounter(file), file).finally(() => rmSync(dir, { recursive: true, force: true }));
}

test('a new counter counts from zero', () =>
  withCounter(async (counter) => {
    assert.equal(await counter.count(), 0);
  }));

test('each visit adds one and returns the new count', () =>
  withCounter(async (counter, file) => {
    for (const expected of [1, 2, 3, 4]) assert.equal(await counter.visit(), expected);
    assert.equal(await counter.count(), 4);
    assert.equal(readFileSync(file, 'utf8'), '4');
  }));
