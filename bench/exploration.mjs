#!/usr/bin/env node
// Issue 32: schedules to the first failure, per strategy, side by side in one run. For every
// example in examples/ and every case of bench/unseen's tune half (never the held-out half): copy
// the buggy project and its fixed/ variant to <repo>/.conlens/bench/exploration/<name>/ (the only
// place this writes, besides --json), then `conlens fuzz --stop-at-first --runs N --json -` with
// random, pct, atomfuzzer and systematic on the buggy copy: the run that failed first (— when none
// of N did) and the wall time to it. The fixed copy runs under systematic (budget --fixed-runs):
// whether it stayed clean, and its bounded guarantee (under combined instead when combined is
// measured: rank's default). Totals: found within N, mean schedules to the first failure (over the
// cases every strategy found), fixed variants clean.
//
// `noderacer`: bugs of the NodeRacer benchmark's kinds (Endo & Møller, ICST 2022 — its published
// share of runs failing: mkdirp 50.9 %, agentkeepalive 60.8 %, get-port 17 %): bench/noderacer-kinds/
// (a mkdirp-style recursive create, a keep-alive agent's free-socket timeout) and the port-probe
// example (get-port's kind). Each strategy runs all N runs (no --stop-at-first): the share of runs
// that failed and the first failing run, then the fixed variant under the same strategy.
//
//   node bench/exploration.mjs [examples|tune|all|noderacer|<name>…] [--runs N] [--fixed-runs M]
//        [--strategies random,pct,atomfuzzer,systematic,combined] [--json FILE] [--markdown]
//
// Exit 0 whatever the results; 2 on a usage error.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
const cli = join(repo, 'dist', 'cli.js');
const scratch = join(repo, '.conlens', 'bench', 'exploration');
const ALL_STRATEGIES = ['random', 'pct', 'atomfuzzer', 'assetfuzzer', 'systematic', 'combined'];

function usage(message) {
  if (message) console.error(`exploration.mjs: ${message}`);
  console.error('usage: node bench/exploration.mjs [examples|tune|all|<name>…] [--runs N] [--fixed-runs M] [--strategies a,b] [--json FILE] [--markdown]');
  process.exit(2);
}

const opts = { runs: 20, fixedRuns: 10, strategies: ['random', 'pct', 'atomfuzzer', 'systematic'], json: undefined, markdown: false };
const selectors = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
  const int = (v) => (/^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : usage(`${a} expects a whole number ≥ 1, got ${v}`));
  if (a === '--runs') opts.runs = int(value());
  else if (a === '--fixed-runs') opts.fixedRuns = int(value());
  else if (a === '--strategies') {
    opts.strategies = value().split(',');
    for (const s of opts.strategies) if (!ALL_STRATEGIES.includes(s)) usage(`unknown strategy ${s}`);
  } else if (a === '--json') opts.json = resolve(value());
  else if (a === '--markdown') opts.markdown = true;
  else if (a === '-h' || a === '--help') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else selectors.push(a);
}
if (!existsSync(cli)) usage('dist/cli.js is missing: run npm run build first');

const examplesDir = join(repo, 'examples');
const unseenDir = join(here, 'unseen', 'cases');
const tune = JSON.parse(readFileSync(join(here, 'unseen', 'split.json'), 'utf8')).tune;
const examples = readdirSync(examplesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(examplesDir, d.name, 'conlens.config.json')) && existsSync(join(examplesDir, d.name, 'fixed')))
  .map((d) => ({ name: d.name, dir: join(examplesDir, d.name), set: 'example' }));
const tuneCases = tune.map((name) => ({ name, dir: join(unseenDir, name), set: 'tune' }));
const wanted = selectors.length ? selectors : ['examples', 'tune'];
const cases = [];
for (const s of wanted) {
  if (s === 'examples' || s === 'all') cases.push(...examples);
  if (s === 'tune' || s === 'all') cases.push(...tuneCases);
  if (!['examples', 'tune', 'all', 'noderacer'].includes(s)) {
    const found = [...examples, ...tuneCases].find((c) => c.name === s);
    if (!found) usage(`no example or tune case named ${s} (held-out cases are measured by bench/unseen only)`);
    cases.push(found);
  }
}

const sep = opts.markdown ? ' | ' : '  ';
const line = (cells) => (opts.markdown ? `| ${cells.join(' | ')} |` : cells.join(sep));

const SKIP = new Set(['node_modules', '.conlens', 'package-lock.json', 'expected.json']);
function copyProject(from, to) {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(from, to, { recursive: true, filter: (src) => !SKIP.has(src.split(/[\\/]/).pop()) && !(src !== from && src === join(from, 'fixed')) });
}

/** One fuzz: the first failing run (null: none) and the wall time to the end of that run. */
function fuzzOnce(dir, strategy, runs, untilFirst = true) {
  const started = performance.now();
  const out = spawnSync(process.execPath, [cli, 'fuzz', dir, '--strategy', strategy, '--runs', String(runs), ...(untilFirst ? ['--stop-at-first'] : []), '--json', '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - started;
  let result;
  try {
    result = JSON.parse(out.stdout);
  } catch {
    return { error: (out.stderr || out.stdout).trim().split('\n').slice(-2).join(' ').slice(0, 160), ms, exit: out.status };
  }
  const first = result.outcomes.find((o) => o.outcome !== 'pass');
  return { first: first ? first.run : null, kind: first?.outcome, runs: result.runs, failed: result.violations, ms, exit: out.status, ...(result.systematic ? { statement: result.systematic.statement } : {}) };
}

if (wanted.includes('noderacer')) {
  // NodeRacer's published shares (its Table: runs exposing the bug with its guided delays).
  const kinds = [
    { name: 'mkdirp-race', dir: join(here, 'noderacer-kinds', 'mkdirp-race'), kind: 'mkdirp (recursive create)', published: '50.9 %' },
    { name: 'keepalive-free-socket', dir: join(here, 'noderacer-kinds', 'keepalive-free-socket'), kind: 'agentkeepalive (free socket times out)', published: '60.8 %' },
    { name: 'port-probe', dir: join(examplesDir, 'port-probe'), kind: 'get-port (port finder)', published: '17 %' },
  ];
  const out = [];
  for (const k of kinds) {
    const base = join(scratch, k.name);
    copyProject(k.dir, join(base, 'buggy'));
    copyProject(join(k.dir, 'fixed'), join(base, 'fixed'));
    const row = { ...k, buggy: {}, fixed: {} };
    for (const strategy of opts.strategies) {
      row.buggy[strategy] = fuzzOnce(join(base, 'buggy'), strategy, opts.runs, false);
      row.fixed[strategy] = fuzzOnce(join(base, 'fixed'), strategy, opts.runs, false);
      const b = row.buggy[strategy];
      console.error(`${k.name} ${strategy}: ${b.error ? `error: ${b.error}` : `${b.failed} of ${b.runs} failed, first ${b.first ?? '—'}`}; fixed ${row.fixed[strategy].failed ?? 'error'} failed`);
    }
    out.push(row);
  }
  const head = ['kind', 'case', 'NodeRacer (published)', ...opts.strategies.map((s) => `${s}: failing (first)`), 'fixed: failing'];
  console.log(line(head));
  if (opts.markdown) console.log(`|${head.map(() => '---').join('|')}|`);
  const pct = (r) => (r.error ? 'error' : `${Math.round((100 * r.failed) / r.runs)} % of ${r.runs} (${r.first ?? '—'})`);
  for (const r of out) console.log(line([r.kind, r.name, r.published, ...opts.strategies.map((s) => pct(r.buggy[s])), opts.strategies.map((s) => `${s} ${r.fixed[s].error ? 'error' : r.fixed[s].failed}`).join(', ')]));
  if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ runs: opts.runs, rows: out }, null, 2)}\n`);
  process.exit(0);
}

// The fixed variants run under the search: combined when it is measured (rank's default), else systematic.
const fixedStrategy = ['combined', 'systematic'].find((s) => opts.strategies.includes(s));
const rows = [];
for (const c of cases) {
  const base = join(scratch, c.name);
  copyProject(c.dir, join(base, 'buggy'));
  copyProject(join(c.dir, 'fixed'), join(base, 'fixed'));
  const row = { name: c.name, set: c.set, buggy: {} };
  for (const strategy of opts.strategies) row.buggy[strategy] = fuzzOnce(join(base, 'buggy'), strategy, opts.runs);
  if (fixedStrategy) row.fixed = fuzzOnce(join(base, 'fixed'), fixedStrategy, opts.fixedRuns);
  rows.push(row);
  const cell = (r) => (r.error ? `error: ${r.error}` : `${r.first ?? '—'} (${(r.ms / 1000).toFixed(1)} s)`);
  console.error(`${c.name}: ${opts.strategies.map((s) => `${s} ${cell(row.buggy[s])}`).join(', ')}${row.fixed ? `; fixed: ${row.fixed.first === null && row.fixed.exit === 0 ? 'clean' : `FAILED run ${row.fixed.first} (exit ${row.fixed.exit})`} — ${row.fixed.statement ?? row.fixed.error ?? ''}` : ''}`);
}

const header = ['case', 'set', ...opts.strategies.map((s) => `${s} (run, s)`), ...(fixedStrategy ? [`fixed (${fixedStrategy})`] : [])];
console.log(line(header));
if (opts.markdown) console.log(`|${header.map(() => '---').join('|')}|`);
for (const r of rows) {
  console.log(line([r.name, r.set, ...opts.strategies.map((s) => {
    const x = r.buggy[s];
    return x.error ? 'error' : `${x.first ?? '—'} (${(x.ms / 1000).toFixed(1)})`;
  }), ...(r.fixed ? [r.fixed.error ? 'error' : r.fixed.first === null && r.fixed.exit === 0 ? `clean: ${r.fixed.statement}` : `FAILED at run ${r.fixed.first}`] : [])]));
}
console.log('');
const foundByAll = rows.filter((r) => opts.strategies.every((s) => r.buggy[s].first));
for (const s of opts.strategies) {
  const found = rows.filter((r) => r.buggy[s].first).length;
  const within1 = rows.filter((r) => r.buggy[s].first === 1).length;
  const mean = foundByAll.length ? foundByAll.reduce((n, r) => n + r.buggy[s].first, 0) / foundByAll.length : NaN;
  const time = rows.reduce((n, r) => n + r.buggy[s].ms, 0) / 1000;
  console.log(`${s}: found within ${opts.runs} on ${found} of ${rows.length}; first run on ${within1}; mean runs to the first failure ${mean.toFixed(2)} (over the ${foundByAll.length} every strategy found); total wall ${time.toFixed(0)} s`);
}
if (fixedStrategy) {
  const clean = rows.filter((r) => r.fixed && r.fixed.first === null && r.fixed.exit === 0).length;
  const exhausted = rows.filter((r) => r.fixed?.statement && /^explored every schedule/.test(r.fixed.statement) && !/ran out/.test(r.fixed.statement)).length;
  console.log(`${fixedStrategy} on the fixed variants: clean on ${clean} of ${rows.length}; bound exhausted on ${exhausted} (budget ${opts.fixedRuns})`);
}
if (opts.json) writeFileSync(opts.json, `${JSON.stringify({ runs: opts.runs, fixedRuns: opts.fixedRuns, rows }, null, 2)}\n`);
console.error(`copies under ${relative(process.cwd(), scratch) || '.'}`);
