// npm run examples:check — every example under examples/: its unit tests must pass, its
// integration tests run N plain times (no scheduler) and the failures are counted, and its
// fixed/ variant must pass everything. A negative control (expected.json "fault": null) has no
// fixed/ variant: its integration runs must all pass. Uses the built CLI (`conlens check`), as a user would.
//   node scripts/examples-check.mjs [--runs N] [--jobs J] [name…]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { runs: { type: 'string', default: '20' }, jobs: { type: 'string', default: '2' } },
  allowPositionals: true,
});
const root = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const examplesDir = join(root, 'examples');
const cli = join(root, 'dist', 'cli.js');
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run npm run build first');
  process.exit(2);
}
const names = (positionals.length ? positionals : readdirSync(examplesDir))
  .filter((name) => existsSync(join(examplesDir, name, 'conlens.config.json')))
  .sort();

function check(dir) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const child = spawn(process.execPath, [cli, 'check', dir, '--runs', values.runs, '--jobs', values.jobs, '--json', '-'], { env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (status) => {
      if (status === 2) return reject(new Error(`${dir}: conlens check could not run:\n${err}`));
      resolve(JSON.parse(out));
    });
  });
}

const rate = (suite) => (suite ? `${suite.failures}/${suite.runs}` : '—');
const rows = [];
let broken = 0;
for (const name of names) {
  const dir = join(examplesDir, name);
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8'));
  process.stderr.write(`checking ${name}…\n`);
  const buggy = await check(dir);
  const fixed = existsSync(join(dir, 'fixed')) ? await check(join(dir, 'fixed')) : undefined;
  const control = expected.fault === null;
  const problems = [];
  if (!buggy.unit || buggy.unit.failures) problems.push('unit tests fail');
  if (control && (!buggy.integration || buggy.integration.failures)) problems.push('negative control: integration tests fail');
  if (control) {
    // no fixed/ variant: the program is the correct one
  } else if (!fixed) problems.push('no fixed/ variant');
  else {
    if (!fixed.unit || fixed.unit.failures) problems.push('fixed unit tests fail');
    if (!fixed.integration || fixed.integration.failures) problems.push('fixed integration tests fail');
  }
  if (problems.length) broken++;
  let note = problems.join('; ');
  if (!note && control) note = 'negative control: no bug, no fixed/ variant';
  else if (!note && buggy.integration?.failures === 0) {
    note = expected.visible ? 'plain runs never hit it: needs the controlled scheduler' : 'invisible to assertions (004): found by invariants';
  }
  rows.push([name, expected.bug, expected.visible ? 'yes' : 'no', buggy.unit?.failures ? 'FAIL' : 'pass', rate(buggy.integration), fixed?.unit?.failures ? 'FAIL' : 'pass', rate(fixed?.integration), note]);
}

const header = ['example', 'bug', 'visible', 'unit', 'integration failed', 'fixed unit', 'fixed integration failed', 'note'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
console.log(`\nExamples check: unit suites once, integration suites ${values.runs} plain runs each (no scheduler)\n`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));
console.log(broken ? `\n${broken} example(s) broken` : `\nall ${rows.length} examples: unit suites green, fixed variants green`);
process.exit(broken ? 1 : 0);
