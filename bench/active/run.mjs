// bench/active: how often a single run exposes each example's bug, per way of running its
// integration test, all measured in one go, side by side (issue 6 "Benchmark"):
//   plain       `conlens check`: the test command as Node schedules it (no tracing, no scheduler)
//   random      `conlens fuzz --strategy random` (003 Alg. 1)
//   pct         `conlens fuzz --strategy pct` (d = 3)
//   atomfuzzer  `conlens fuzz --strategy atomfuzzer` (003 Alg. 2)
//   assetfuzzer `conlens fuzz --strategy assetfuzzer` (001: phase I on one plain traced run, then
//               each run aims at one potential violation); its slowdown counts phase I, spread
//               over the runs, on top of the scheduled run
//   fc calls    the same scenario under fast-check's fc.scheduler() (bench/active/fastcheck), only
//               the test's concurrent calls scheduled (how fc.scheduler is used on code with no
//               async dependency to mock)
//   fc methods  the same, with every async method of the example's classes scheduled as well
// atomfuzzer is compared with the better of the two fast-check columns per example. A tool needs
// at least one run, so against a baseline that fails a run with probability p the ratio cannot
// exceed 1/p: where p > 1/5 the 5× target is out of reach for any tool, and the line says so.
// For every example and its fixed/ variant: the detection probability p of one run (failing runs
// / runs) and the mean runs to the first failure, 1/p (runs are independent: geometric); then the
// slowdown of a scheduled run (atomfuzzer, traced) against a plain run of the same command, from
// the runs above (same --jobs, same machine, same minutes).
// Usage: npm run build && node bench/active/run.mjs [--runs N] [--fc-runs M] [--jobs J] [--seed S] [example…]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(REPO, 'dist', 'cli.js');
const REGISTER = join(REPO, 'dist', 'register.mjs');
const FASTCHECK = join(REPO, 'bench', 'active', 'fastcheck', 'run.mts');
if (!existsSync(CLI)) {
  console.error('bench/active: run `npm run build` first');
  process.exit(2);
}

const { values, positionals } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'fc-runs': { type: 'string', default: '100' },
    jobs: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
  },
  allowPositionals: true,
});
const RUNS = Number(values.runs);
const FC_RUNS = Number(values['fc-runs']);
const JOBS = Number(values.jobs);
const SEED = Number(values.seed);
const examplesDir = join(REPO, 'examples');
const examples = positionals.length ? positionals : readdirSync(examplesDir).filter((name) => existsSync(join(examplesDir, name, 'expected.json'))).sort();
const work = mkdtempSync(join(tmpdir(), 'conlens-bench-active-'));

function cli(args) {
  try {
    execFileSync(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  } catch (error) {
    // Exit code 1 means findings: the JSON is written all the same.
    if (error.status !== 1) throw new Error(`conlens ${args.join(' ')} failed: ${error.stderr}`);
  }
}

function fuzz(dir, strategy, tag) {
  const file = join(work, `${tag}-${strategy}.json`);
  cli(['fuzz', dir, '--strategy', strategy, '--runs', String(RUNS), '--jobs', String(JOBS), '--seed', String(SEED), '--json', file]);
  const result = JSON.parse(readFileSync(file, 'utf8'));
  const kinds = Object.keys(result.byKind ?? {});
  return {
    runs: result.runs, failures: result.violations, kinds, ms: result.outcomes.map((o) => o.durationMs), errors: result.atomfuzzer?.errors,
    ...(result.assetfuzzer ? { phaseOneMs: result.assetfuzzer.phaseOneMs, realised: result.assetfuzzer.realised, potential: result.assetfuzzer.violations.length } : {}),
  };
}

function plain(dir, tag) {
  const file = join(work, `${tag}-plain.json`);
  cli(['check', dir, '--runs', String(RUNS), '--jobs', String(JOBS), '--json', file]);
  const result = JSON.parse(readFileSync(file, 'utf8')).integration;
  return { runs: result.runs, failures: result.failures, ms: result.outcomes.map((o) => o.durationMs) };
}

function fastcheck(name, dir, model) {
  // Examples without a fast-check scenario (scenarios.mts) get an empty cell.
  const scenarios = readFileSync(join(REPO, 'bench', 'active', 'fastcheck', 'scenarios.mts'), 'utf8');
  if (!scenarios.includes(`async '${name}'(`) && !scenarios.includes(`async ${name}(`)) return { runs: 0, failures: 0, ms: [] };
  const out = execFileSync(process.execPath, ['--import', REGISTER, FASTCHECK, name, dir, String(FC_RUNS), String(SEED), model], { encoding: 'utf8', env: { ...process.env, CONLENS_TRACE: '' } });
  const result = JSON.parse(out.trim().split('\n').pop());
  return { runs: result.runs, failures: result.failures, ms: [result.ms / result.runs] };
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const rate = (r) => (r.runs ? r.failures / r.runs : 0);
const cell = (r) => {
  if (!r.runs) return '—';
  const p = rate(r);
  const first = p > 0 ? (1 / p).toFixed(1) : `>${r.runs}`;
  return `${(p * 100).toFixed(0).padStart(3)}% ${first.padStart(5)}`;
};

const COLUMNS = ['plain', 'random', 'pct', 'atomfuzzer', 'assetfuzzer', 'fc calls', 'fc methods'];
const header = `${'example'.padEnd(20)} ${'variant'.padEnd(6)} ${COLUMNS.map((c) => c.padStart(11)).join(' ')}   af vs fc   slowdown   asf slowdown (I+II)`;
console.log(`bench/active: ${RUNS} runs per strategy (seeds ${SEED}…${SEED + RUNS - 1}, --jobs ${JOBS}), ${FC_RUNS} fast-check runs; cell = p(one run fails)  mean runs to first failure (1/p)`);
console.log(header);
console.log('-'.repeat(header.length));
const summary = { atomicity: [], fixedErrors: 0, fixedAtomErrors: 0, fixedRealised: 0, ratios: [], slowdowns: [], asfSlowdowns: [], asf: [] };
for (const name of examples) {
  const expected = JSON.parse(readFileSync(join(examplesDir, name, 'expected.json'), 'utf8'));
  const kind = expected.visible === false ? 'invisible' : /deadlock/.test(expected.bug) ? 'deadlock' : 'atomicity';
  for (const variant of ['bug', 'fixed']) {
    const dir = variant === 'bug' ? join(examplesDir, name) : join(examplesDir, name, 'fixed');
    const tag = `${name}-${variant}`;
    const results = {
      plain: plain(dir, tag),
      random: fuzz(dir, 'random', tag),
      pct: fuzz(dir, 'pct', tag),
      atomfuzzer: fuzz(dir, 'atomfuzzer', tag),
      assetfuzzer: fuzz(dir, 'assetfuzzer', tag),
      'fc calls': fastcheck(name, dir, 'calls'),
      'fc methods': fastcheck(name, dir, 'methods'),
    };
    const af = rate(results.atomfuzzer);
    const fc = Math.max(rate(results['fc calls']), rate(results['fc methods']));
    let versus = '';
    if (variant === 'bug' && af > 0) {
      versus = fc > 0 ? `${(af / fc).toFixed(1)}×` : '∞ (fc 0)';
      summary.ratios.push({ name, ratio: fc > 0 ? af / fc : Infinity, ceiling: fc > 0 ? 1 / fc : Infinity });
    }
    if (variant === 'fixed') summary.fixedAtomErrors += results.atomfuzzer.errors ?? 0;
    const slowdown = mean(results.atomfuzzer.ms) / mean(results.plain.ms);
    summary.slowdowns.push(slowdown);
    // 001 Table 2's slowdown counts the profiling run of phase I: spread over the runs here.
    const asf = results.assetfuzzer;
    const asfSlowdown = (mean(asf.ms) + (asf.phaseOneMs ?? 0) / Math.max(1, asf.runs)) / mean(results.plain.ms);
    summary.asfSlowdowns.push(asfSlowdown);
    if (variant === 'bug' && kind === 'atomicity') summary.asf.push({ name, p: rate(asf) });
    if (variant === 'fixed') summary.fixedRealised += asf.realised ?? 0;
    if (variant === 'bug' && kind === 'atomicity') summary.atomicity.push({ name, p: af });
    if (variant === 'fixed') summary.fixedErrors += COLUMNS.reduce((n, c) => n + results[c].failures, 0);
    const note = variant === 'bug' && kind !== 'atomicity' ? ` (${kind})` : '';
    console.log(`${name.padEnd(20)} ${variant.padEnd(6)} ${COLUMNS.map((c) => cell(results[c]).padStart(11)).join(' ')}   ${versus.padStart(8)}   ${slowdown.toFixed(2).padStart(6)}×   ${asfSlowdown.toFixed(2).padStart(6)}× (${asf.potential ?? 0} potential)${note}`);
  }
}
console.log('');
const below = summary.atomicity.filter((a) => a.p < 0.95);
console.log(`atomfuzzer ≥ 95% per run on the atomicity examples: ${below.length ? `MISS (${below.map((a) => `${a.name} ${(a.p * 100).toFixed(0)}%`).join(', ')})` : 'PASS'} (${summary.atomicity.length} examples, ${RUNS} runs each)`);
const weak = summary.ratios.filter((r) => r.ratio < 5);
const capped = weak.filter((r) => r.ratio >= r.ceiling * 0.999);
const missed = weak.filter((r) => !capped.includes(r));
console.log(`atomfuzzer needs ≥ 5× fewer runs than the better fast-check model: ${weak.length ? `${missed.length ? 'MISS' : 'PASS where reachable'}` : 'PASS'} — ` +
  `${summary.ratios.filter((r) => r.ratio >= 5).length}/${summary.ratios.length} at ≥ 5×` +
  (capped.length ? `; at the ceiling 1/p of fast-check (atomfuzzer fails every run, no tool needs fewer): ${capped.map((r) => `${r.name} ${r.ratio.toFixed(1)}×`).join(', ')}` : '') +
  (missed.length ? `; below its reach: ${missed.map((r) => `${r.name} ${r.ratio.toFixed(1)}× of ${r.ceiling.toFixed(1)}×`).join(', ')}` : ''));
console.log(`fixed variants: ${summary.fixedErrors} failing runs over every column, ${summary.fixedAtomErrors} ATOMFUZZER errors: ${summary.fixedErrors + summary.fixedAtomErrors === 0 ? 'PASS' : 'MISS'}`);
const asfBelow = summary.asf.filter((a) => a.p < 0.95);
console.log(`assetfuzzer ≥ 95% per run on the atomicity examples: ${asfBelow.length ? `${asfBelow.length}/${summary.asf.length} below (${asfBelow.map((a) => `${a.name} ${(a.p * 100).toFixed(0)}%`).join(', ')})` : 'PASS'}; fixed variants: ${summary.fixedRealised} realised violations`);
const asfMax = Math.max(...summary.asfSlowdowns);
const asfGeo = Math.exp(mean(summary.asfSlowdowns.map(Math.log)));
console.log(`slowdown of assetfuzzer (phase I spread over ${RUNS} runs + phase II) vs a plain run: geometric mean ${asfGeo.toFixed(2)}×, max ${asfMax.toFixed(2)}× — ${asfMax <= 3 ? 'PASS' : 'MISS'} (≤ 3×)`);
const maxSlowdown = Math.max(...summary.slowdowns);
const geo = Math.exp(mean(summary.slowdowns.map(Math.log)));
console.log(`slowdown of a scheduled (atomfuzzer, traced) run vs a plain run: geometric mean ${geo.toFixed(2)}×, max ${maxSlowdown.toFixed(2)}× — ${maxSlowdown <= 3 ? 'PASS' : 'MISS'} (≤ 3×)`);
rmSync(work, { recursive: true, force: true });
