// Test cases named as the runner names them (issue 31), end to end under node:test: box-office's
// integration tests rewritten into nested describes where the failing test and a passing one share
// a title. The failing test is reported by its full name and its own line, and the passing
// same-titled test's events stay out of the ranking and the stories.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { exampleCopy, removeCopy } from '../helpers/example-copy.ts';
import type { Report } from '../../src/core/report/report-types.ts';

const NESTED = `import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BoxOffice, Payments } from '../../src/box-office.ts';
import { SeatLabels } from '../../src/seat-labels.ts';

describe('box office', () => {
  describe('at the same time', () => {
    it('every ticket is counted', async () => {
      const labels = new SeatLabels(['Stalls', 'Circle']);
      assert.deepEqual(await Promise.all([labels.label(1, 2), labels.label(0, 1)]), ['Circle-02', 'Stalls-01']);
    });
    it('every ticket is counted', async () => {
      const office = new BoxOffice(new Payments(), 100, 5);
      await Promise.all([office.sell(2), office.sell(3)]);
      assert.equal(office.sold, 5, 'a sale was lost');
    });
  });
});
`;

test('nested describes and two same-titled tests under node:test: the failing one by its full name, ordinal and line; the other\'s events left out', () => {
  const root = exampleCopy('box-office');
  try {
    writeFileSync(join(root, 'test', 'integration', 'box-office.test.ts'), NESTED);
    const jsonFile = join(root, 'rank.json');
    const { status, stdout, stderr } = conlens(['rank', root, '--runs', '4', '--jobs', '2', '--json', jsonFile]);
    assert.equal(status, 1, stdout + stderr);
    const report = JSON.parse(readFileSync(jsonFile, 'utf8')) as Report;
    const failing = { name: 'box office > at the same time > every ticket is counted', file: 'test/integration/box-office.test.ts', line: 12, ordinal: 2 };
    assert.deepEqual(report.failingTests, [failing]);
    assert.equal(report.positions[0]?.function, 'BoxOffice.sell');
    assert.ok(report.violations.length > 0);
    for (const v of report.violations) {
      assert.deepEqual(v.testCases?.map(({ name, file, line, ordinal }) => ({ name, file, line, ordinal })), [failing]);
      assert.doesNotMatch(JSON.stringify({ story: v.story, trace: v.trace, implicated: v.implicated }), /SeatLabels/);
    }
    assert.ok(!report.positions.some((p) => p.function.startsWith('SeatLabels')), report.positions.map((p) => p.function).join(', '));
    assert.match(stdout, /"box office > at the same time > every ticket is counted" \(#2 of that name\) \(test\/integration\/box-office\.test\.ts:12\)/);
  } finally {
    removeCopy(root);
  }
});
