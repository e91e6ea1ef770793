// Test synthesis compared (issue 16; 000 §4 Table 7, 002 Fig. 6): for each example, with its
// integration suite removed, the tests INTRUDER (000), He et al. (002) and a random-pair baseline
// (ConTeGe-style: two public methods on one shared object) synthesize from the unit tests, run one
// after the other under the controlled scheduler until one shows a real violation. Prints, side by
// side in one run, how many synthesized tests it took and the wall time (synthesis included).
//   node bench/synth.mjs [example …] [--all] [--max N] [--runs R]
// --all adds every other example with a unit suite (synthesis applies wherever the unit tests
// call the code that races); a Markdown table of the results ends the output (bench/README.md).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const REPO = resolve(import.meta.dirname, '..');
const CLI = join(REPO, 'dist', 'cli.js');
const { values, positionals } = parseArgs({ options: { max: { type: 'string', default: '6' }, runs: { type: 'string', default: '8' }, all: { type: 'boolean', default: false } }, allowPositionals: true });
const PAPERS = ['account', 'atomic-set-account', 'bank-transfer', 'dining-philosophers', 'dynamic-bin', 'file-appender', 'producer-consumer', 'queue', 'reorder', 'running-example', 'string-buffer'];
/** Examples beyond the papers' whose config has a unit command and an integration suite to remove. */
function others() {
  return readdirSync(join(REPO, 'examples'), { withFileTypes: true }).filter((d) => d.isDirectory() && !PAPERS.includes(d.name)).map((d) => d.name).filter((name) => {
    try {
      return !!JSON.parse(readFileSync(join(REPO, 'examples', name, 'conlens.config.json'), 'utf8')).unit && existsSync(join(REPO, 'examples', name, 'test', 'unit'));
    } catch {
      return false;
    }
  }).sort();
}
const examples = positionals.length ? positionals : values.all ? [...PAPERS, ...others()] : PAPERS;
const METHODS = ['intruder', 'he', 'random'];

function checkout(name) {
  const from = join(REPO, 'examples', name);
  const dir = mkdtempSync(join(tmpdir(), `conlens-bench-synth-${name}-`));
  cpSync(from, dir, { recursive: true, filter: (p) => !/[\\/](\.conlens|node_modules|fixed)$/.test(p) });
  rmSync(join(dir, 'test', 'integration'), { recursive: true, force: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function conlens(args, cwd) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** Tests until the first real violation (or `—` with the count tried) and the wall time. */
function measure(name, method) {
  const dir = checkout(name);
  const started = performance.now();
  try {
    const out = join('.conlens', `synth-${method}`);
    conlens(['synth', '.', '--method', method, '--max', values.max, '--out', out], dir);
    let planned;
    try {
      planned = JSON.parse(readFileSync(join(dir, out, 'synth.json'), 'utf8')).tests;
    } catch {
      planned = [];
    }
    const config = JSON.parse(readFileSync(join(dir, 'conlens.config.json'), 'utf8'));
    for (const [k, t] of planned.entries()) {
      config.integration = { command: `node --test ${join(out, t.name)}`, runs: Number(values.runs) };
      writeFileSync(join(dir, 'conlens.config.json'), JSON.stringify(config));
      const fuzz = conlens(['fuzz', '.', '--runs', values.runs, '--json', 'fuzz.json'], dir);
      const result = JSON.parse(readFileSync(join(dir, 'fuzz.json'), 'utf8'));
      if (fuzz.status !== 2 && result.violations > 0) return { tests: k + 1, found: true, seconds: (performance.now() - started) / 1000, pair: t.parts.flat().join(' ∥ ') };
    }
    return { tests: planned.length, found: false, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
for (const name of examples) {
  const row = { name };
  for (const m of METHODS) row[m] = measure(name, m);
  rows.push(row);
  const cell = (r) => (r.found ? `${r.tests} test(s), ${r.seconds.toFixed(0)} s` : `none in ${r.tests}, ${r.seconds.toFixed(0)} s`);
  console.log(`${name.padEnd(22)} ${METHODS.map((m) => `${m}: ${cell(row[m]).padEnd(22)}`).join('  ')}`);
}
const found = (m) => rows.filter((r) => r[m].found).length;
console.log(`\nfound a real violation: ${METHODS.map((m) => `${m} ${found(m)}/${rows.length}`).join(', ')} (at most ${values.max} tests, ${values.runs} scheduled runs each)`);
for (const m of ['intruder', 'he']) {
  const both = rows.filter((r) => r[m].found && r.random.found);
  if (both.length) console.log(`${m} vs random where both found one: tests ${(both.reduce((a, r) => a + r[m].tests, 0) / both.reduce((a, r) => a + r.random.tests, 0)).toFixed(2)}×, time ${(both.reduce((a, r) => a + r[m].seconds, 0) / both.reduce((a, r) => a + r.random.seconds, 0)).toFixed(2)}×`);
}

// The table for bench/README.md: per method, tests until the first real violation and wall time.
const md = (r) => (r.found ? `${r.tests} (${r.seconds.toFixed(0)} s)` : `none of ${r.tests} (${r.seconds.toFixed(0)} s)`);
console.log(`\n| example | INTRUDER | He et al. | random pairs |\n|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.name} | ${md(r.intruder)} | ${md(r.he)} | ${md(r.random)} |`);
console.log(`| found | ${METHODS.map((m) => `${found(m)}/${rows.length}`).join(' | ')} |`);
