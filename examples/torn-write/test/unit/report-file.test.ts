import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CorruptReportError, parseReport, ReportFile, type Report } from '../../src/report-file.ts';

async function withReportFile(fn: (file: ReportFile) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'conlens-torn-'));
  try {
    await fn(new ReportFile(join(dir, 'report.txt')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const REPORTS: Report[] = [
  { title: 'empty', rows: [] },
  { title: 'daily', rows: ['sales 120'] },
  { title: 'weekly', rows: ['mon 10', 'tue 12', 'wed 9', 'thu 14', 'fri 20'] },
];

test('save then load gives the report back', async () => {
  for (const report of REPORTS) {
    await withReportFile(async (file) => {
      await file.save(report);
      assert.deepEqual(await file.load(), report);
    });
  }
});

test('save replaces the previous report, longer or shorter', async () => {
  await withReportFile(async (file) => {
    for (const report of [REPORTS[2], REPORTS[1], REPORTS[0], REPORTS[2]]) {
      await file.save(report);
      assert.deepEqual(await file.load(), report);
    }
    assert.equal((await readFile(file.path, 'utf8')).split('\n').length, 7);
  });
});

test('load refuses a torn file', async () => {
  await withReportFile(async (file) => {
    for (const text of ['', '{"title":"x","rows":2}\n', '{"title":"x","rows":2}\na\n', '{"title":"x","rows":1}\na']) {
      await writeFile(file.path, text);
      await assert.rejects(file.load(), CorruptReportError);
    }
  });
});

test('parseReport reads the header and the rows', () => {
  assert.deepEqual(parseReport('{"title":"t","rows":2}\nx\ny\n'), { title: 't', rows: ['x', 'y'] });
  assert.deepEqual(parseReport('{"title":"t","rows":0}\n'), { title: 't', rows: [] });
});
