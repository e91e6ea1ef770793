// unseen4's vt-search (fixed): a correct rate gate's test measured the spacing of five callers
// with Date.now; traced, the five synchronous calls took long enough to shrink it, and the run
// failed in Node's own order (no decision had two candidates). rank confirmed the gate. A failure
// that no chosen order explains and that plain runs never show is timing, and confirms nothing.
// The integration test here fails whenever it runs under the tool (it sees CONLENS_TRACE), the
// most deterministic stand-in for a test that needs the code to be fast.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const CONFIG = '{ "include": ["src/**/*.ts"], "unit": { "command": "node --test test/unit/*.test.ts" }, "integration": { "command": "node --test test/integration/*.test.ts", "runs": 2 } }\n';
const LEDGER = 'export class Ledger {\n  total = 0;\n  async add(n: number): Promise<void> {\n    const seen = this.total;\n    await new Promise<void>((r) => setImmediate(r));\n    this.total = seen + n;\n  }\n}\n';
const UNIT = "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { Ledger } from '../../src/ledger.ts';\n\ntest('one add, then another', async () => {\n  const l = new Ledger();\n  await l.add(1);\n  await l.add(2);\n  assert.equal(l.total, 3);\n});\n";

function project(integration: string): string {
  return tempProject({
    'package.json': '{ "name": "ledger", "type": "module", "private": true }\n',
    'conlens.config.json': CONFIG,
    'src/ledger.ts': LEDGER,
    'test/unit/ledger.test.ts': UNIT,
    'test/integration/ledger.test.ts': `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { Ledger } from '../../src/ledger.ts';\n\n${integration}\n`,
  });
}

interface Report { timingOnly?: string; positions: { function: string; confirmed: boolean }[]; summary: { violations: number } }

test('rank: failures in Node\'s own order that plain runs never show are timing — said, and nothing confirmed', () => {
  // Sequential adds (correct use); the test fails only traced.
  const dir = project("test('adds in turn', async () => {\n  const l = new Ledger();\n  await l.add(1);\n  await l.add(2);\n  assert.equal(l.total, 3);\n  assert.equal(process.env.CONLENS_TRACE, undefined, 'traced: too slow');\n});");
  const { status, stdout, stderr } = conlens(['rank', dir, '--runs', '2', '--strategy', 'random']);
  assert.equal(status, 1, stderr);
  assert.match(stdout, /the failures are not an order's: in each of the 2 failing runs only one continuation or callback was ready at every point \(Node's own order for the timings it had\), and 5 plain runs of the integration command \(no tracing, no scheduler\) all passed/);
  const report = JSON.parse(readFileSync(join(dir, '.conlens', 'report.json'), 'utf8')) as Report;
  assert.equal(report.summary.violations, 2);
  assert.ok(report.timingOnly);
  assert.deepEqual(report.positions.filter((p) => p.confirmed).map((p) => p.function), []);
});

test('rank: a lost update Node\'s own order shows (plain runs fail too) stays confirmed', () => {
  // Two adds at once: both read 0 before either writes, in every order Node has.
  const dir = project("test('two adds at once', async () => {\n  const l = new Ledger();\n  await Promise.all([l.add(1), l.add(2)]);\n  assert.equal(l.total, 3);\n});");
  const { status, stdout, stderr } = conlens(['rank', dir, '--runs', '2', '--strategy', 'random']);
  assert.equal(status, 1, stderr);
  assert.doesNotMatch(stdout, /the failures are not an order's/);
  const report = JSON.parse(readFileSync(join(dir, '.conlens', 'report.json'), 'utf8')) as Report;
  assert.equal(report.timingOnly, undefined);
  assert.ok(report.positions.some((p) => p.confirmed && p.function === 'Ledger.add'), JSON.stringify(report.positions));
});
