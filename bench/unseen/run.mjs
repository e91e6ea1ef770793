#!/usr/bin/env node
// The unseen bug corpus (issue 30): does `conlens rank` put the faulty function first on bug kinds
// it was never tuned on, and does it stay quiet on the fixed variants?
//
// For each chosen case (bench/unseen/cases/<name>/, its buggy project at the top and fixed/):
//   1. copy the buggy project and fixed/ to <repo>/.conlens/bench/unseen/<name>/{buggy,fixed}
//      (the only place this script writes, besides --json), without node_modules, .conlens,
//      lockfiles and expected.json;
//   2. `npm install --ignore-scripts --no-audit --no-fund` there if its package.json has dependencies or devDependencies;
//   3. `node <repo>/dist/cli.js rank <copy> --json <copy>/.conlens/unseen-report.json [--runs R]
//      [--jobs J] [--seed S] [--strategy X]` on both copies (conlens's output kept next to it in
//      .conlens/unseen-rank.txt);
//   4. find the fault of expected.json in the buggy report's ranking: the row whose function is the
//      fault (`Class.method` — `Ctor.prototype.method` in the ranking for a prototype method —, a
//      function or a closure name), else one that ends with `.<name>`, in the same file.
// Then one table: case, kind, buggy exit code, rank of the fault (1 = first; — when absent; `c`
// when its position is confirmed), rows ranked, fixed exit code, fixed clean (exit 0 and no confirmed
// position), and the totals "rank 1 on X of N", "fixed clean on Y of N".
//
//   node bench/unseen/run.mjs <tune|heldout|all|<case>…> [--runs R] [--jobs J] [--seed S]
//        [--strategy random|pct|atomfuzzer|assetfuzzer] [--isolate-budget N] [--json FILE] [--markdown] [--keep]
//        [--corpus DIR]   another corpus of the same layout (DIR/cases/<name>, DIR/split.json): bench/unseen2
//
// --isolate-budget N is rank's (0: no schedule isolation); the "isolation" column says what rank's
// schedule isolation (Choi & Zeller) did on the buggy variant: isolated/skipped/not-reproduced
// and the replays it spent.
//
// Measure on `heldout`, look at failures on `tune` only (README.md). Exit 0 whatever the results;
// 2 on a usage error.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const cli = join(repo, 'dist', 'cli.js');
// --corpus DIR: another corpus laid out as this one (DIR/cases, DIR/split.json), e.g. bench/unseen2.
let corpusDir = here;
let casesDir = join(here, 'cases');
let scratchRoot = join(repo, '.conlens', 'bench', 'unseen');
const STRATEGIES = ['random', 'pct', 'atomfuzzer', 'assetfuzzer'];

function usage(message) {
  if (message) console.error(`run.mjs: ${message}`);
  console.error('usage: node bench/unseen/run.mjs <tune|heldout|all|<case>…> [--runs R] [--jobs J] [--seed S] [--strategy random|pct|atomfuzzer|assetfuzzer] [--json FILE] [--markdown] [--keep] [--corpus DIR]');
  process.exit(2);
}

const opts = { isolateBudget: undefined, runs: undefined, jobs: undefined, seed: undefined, strategy: undefined, json: undefined, markdown: false, keep: false };
const selectors = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
  const int = (v) => (/^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : usage(`${a} expects a whole number ≥ 1, got ${v}`));
  if (a === '--runs') opts.runs = int(value());
  else if (a === '--jobs') opts.jobs = int(value());
  else if (a === '--isolate-budget') opts.isolateBudget = /^\d+$/.test(argv[i + 1] ?? '') ? Number(value()) : usage(`${a} expects a whole number ≥ 0`);
  else if (a === '--seed') opts.seed = int(value());
  else if (a === '--strategy') {
    opts.strategy = value();
    if (!STRATEGIES.includes(opts.strategy)) usage(`--strategy must be one of ${STRATEGIES.join(', ')}`);
  } else if (a === '--json') opts.json = resolve(value());
  else if (a === '--markdown') opts.markdown = true;
  else if (a === '--keep') opts.keep = true;
  else if (a === '--corpus') {
    corpusDir = resolve(value());
    casesDir = join(corpusDir, 'cases');
    scratchRoot = join(repo, '.conlens', 'bench', corpusDir.split(/[/\\]/).pop());
  }
  else if (a === '-h' || a === '--help') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else selectors.push(a);
}
if (selectors.length === 0) usage('say which cases: tune, heldout, all or case names');
if (!existsSync(cli)) usage(`${relative(process.cwd(), cli)} is missing: run \`npm run build\` first`);

// ---- the corpus and its split ----
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};
const names = existsSync(casesDir) ? readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'expected.json'))).sort() : [];
if (names.length === 0) usage(`no case under ${relative(process.cwd(), casesDir)}/`);
const split = readJson(join(corpusDir, 'split.json')) ?? { tune: [], heldout: [] };
const halfOf = (n) => (split.tune.includes(n) ? 'tune' : split.heldout.includes(n) ? 'heldout' : '?');
const chosen = [];
for (const s of selectors) {
  const hits = s === 'all' ? names : s === 'tune' || s === 'heldout' ? names.filter((n) => halfOf(n) === s) : names.filter((n) => n === s);
  if (hits.length === 0) usage(`no case or half named ${s} (cases: ${names.join(', ')})`);
  for (const h of hits) if (!chosen.includes(h)) chosen.push(h);
}

// ---- helpers ----
const log = (line) => process.stderr.write(`${line}\n`);

function run(cmd, args, options = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 30 * 60 * 1000, ...options });
  return { status: r.status ?? (r.signal ? 128 : 1), signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms: Date.now() - started };
}

const SKIP = /(^|[\\/])(node_modules|\.conlens|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/;

function copyVariant(from, to, topLevel) {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  cpSync(from, to, {
    recursive: true,
    filter: (src) => {
      const rel = relative(from, src);
      if (SKIP.test(rel)) return false;
      if (topLevel && (rel === 'fixed' || rel === 'expected.json')) return false;
      return true;
    },
  });
}

function install(dir) {
  const pkg = readJson(join(dir, 'package.json')) ?? {};
  // devDependencies too: the runners (Jest, Vitest, Mocha, tsx) are pinned there, and a copy must
  // run them at those versions, not whatever a folder above it has installed.
  if (Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).length === 0) return undefined;
  const npm = run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir });
  return npm.status === 0 ? undefined : `npm install failed (${npm.status}): ${(npm.stderr || npm.stdout).trim().split('\n').slice(-3).join(' ')}`;
}

function rank(dir) {
  const out = join(dir, '.conlens');
  mkdirSync(out, { recursive: true });
  const reportFile = join(out, 'unseen-report.json');
  const args = [cli, 'rank', dir, '--json', reportFile];
  if (opts.runs) args.push('--runs', String(opts.runs));
  if (opts.jobs) args.push('--jobs', String(opts.jobs));
  if (opts.seed) args.push('--seed', String(opts.seed));
  if (opts.strategy) args.push('--strategy', opts.strategy);
  if (opts.isolateBudget !== undefined) args.push('--isolate-budget', String(opts.isolateBudget));
  const r = run(process.execPath, args, { cwd: dir });
  writeFileSync(join(out, 'unseen-rank.txt'), `$ node ${args.map((a) => relative(dir, a) || a).join(' ')}\n${r.stdout}${r.stderr ? `\n--- stderr\n${r.stderr}` : ''}`);
  const report = readJson(reportFile) ?? readJson(join(out, 'report.json'));
  return { exitCode: r.status, signal: r.signal, seconds: Math.round(r.ms / 100) / 10, report, tail: (r.stderr || r.stdout).trim().split('\n').slice(-4).join('\n') };
}

const norm = (p) => String(p ?? '').replace(/\\/g, '/').replace(/^\.\//, '');
const lastSegment = (f) => String(f ?? '').split(/[.#]/).filter(Boolean).pop() ?? '';

/**
 * The ranked row of `name` in `file`: the row whose function is `name` exactly, else `Ctor.prototype.m`
 * for `Ctor.m` (how prototype methods are named in the ranking), else one whose last segment is it.
 */
function findRow(positions, given, file) {
  if (!given) return undefined;
  // "subscribe in createQuoteHub" (an author's words for a closure's function): its row is named
  // `createQuoteHub.subscribe`.
  const inner = /^(\S+) in (\S+)$/.exec(given);
  const name = inner ? `${inner[2]}.${inner[1]}` : given;
  const bare = lastSegment(name);
  const sameFile = (p) => !p.file || norm(p.file) === norm(file) || norm(p.file).endsWith(`/${norm(file)}`);
  const closeness = (p) => {
    const f = String(p.function ?? '');
    if (f === name) return 0;
    if (f.replace('.prototype.', '.') === name) return 1;
    return lastSegment(f) === bare ? 2 : undefined;
  };
  const hits = positions.filter((p) => sameFile(p) && closeness(p) !== undefined);
  return hits.sort((a, b) => closeness(a) - closeness(b) || (a.rank ?? Infinity) - (b.rank ?? Infinity))[0];
}

// ---- one case ----
function benchCase(name) {
  const t0 = Date.now();
  const dir = join(casesDir, name);
  const expected = readJson(join(dir, 'expected.json')) ?? {};
  const scratch = join(scratchRoot, name);
  const result = { name, half: halfOf(name), kind: expected.kind ?? expected.bug ?? '', fault: expected.fault, file: expected.file, line: expected.line, buggy: undefined, fixed: undefined, seconds: 0 };
  log(`== ${result.half}/${name}: ${expected.fault} (${expected.file}:${expected.line})`);
  for (const variant of ['buggy', 'fixed']) {
    const from = variant === 'buggy' ? dir : join(dir, 'fixed');
    const to = join(scratch, variant);
    if (!existsSync(join(from, 'conlens.config.json'))) {
      result[variant] = { error: `no ${variant} project` };
      continue;
    }
    copyVariant(from, to, variant === 'buggy');
    const setupError = install(to);
    if (setupError) {
      result[variant] = { error: setupError };
      log(`   ${variant}: ${setupError}`);
      continue;
    }
    const r = rank(to);
    const positions = Array.isArray(r.report?.positions) ? r.report.positions : [];
    const v = {
      exitCode: r.exitCode,
      outcome: r.report?.outcome,
      seconds: r.seconds,
      rows: positions.length,
      confirmed: positions.filter((p) => p.confirmed).length,
      violations: Array.isArray(r.report?.violations) ? r.report.violations.length : undefined,
      top: positions.slice(0, 3).map((p) => `${p.function}${p.confirmed ? ' (c)' : ''}`),
      notChecked: r.report?.notChecked,
      ...(r.report?.isolation ? { isolation: { status: r.report.isolation.status, replays: r.report.isolation.replays, ...(r.report.isolation.suspended ? { suspended: r.report.isolation.suspended.function } : {}) } } : {}),
      report: relative(repo, join(to, '.conlens', 'unseen-report.json')),
    };
    if (!r.report) v.error = `no report (exit ${r.exitCode}${r.signal ? `, ${r.signal}` : ''}): ${r.tail}`;
    if (variant === 'buggy') {
      const row = findRow(positions, expected.fault, expected.file);
      v.faultRank = row?.rank;
      v.faultConfirmed = row ? Boolean(row.confirmed) : undefined;
      if (expected.in) {
        const outer = findRow(positions, expected.in, expected.file);
        v.enclosingRank = outer?.rank;
      }
    } else {
      v.clean = r.exitCode === 0 && v.confirmed === 0;
    }
    result[variant] = v;
    log(`   ${variant}: exit ${r.exitCode}, ${positions.length} rows, ${v.confirmed} confirmed${variant === 'buggy' ? `, fault rank ${v.faultRank ?? '—'}` : ''} (${r.seconds} s)`);
  }
  if (!opts.keep) for (const variant of ['buggy', 'fixed']) rmSync(join(scratch, variant, 'node_modules'), { recursive: true, force: true });
  result.seconds = Math.round((Date.now() - t0) / 1000);
  return result;
}

// ---- main ----
const started = Date.now();
log(`unseen corpus: ${chosen.length} case(s)${opts.runs ? `, --runs ${opts.runs}` : ''}${opts.jobs ? `, --jobs ${opts.jobs}` : ''}${opts.strategy ? `, --strategy ${opts.strategy}` : ''}; scratch ${relative(process.cwd(), scratchRoot) || '.'}`);
const results = chosen.map(benchCase);
const totalSeconds = Math.round((Date.now() - started) / 1000);

const rankCell = (b) => {
  if (!b || b.error) return b?.error ? 'error' : '';
  const main = b.faultRank === undefined ? '—' : `${b.faultRank}${b.faultConfirmed ? ' c' : ''}`;
  return b.enclosingRank !== undefined && b.faultRank === undefined ? `${main} (enclosing ${b.enclosingRank})` : main;
};
const header = ['case', 'half', 'kind', 'fault', 'buggy exit', 'fault rank', 'rows', 'fixed exit', 'fixed clean', 'isolation'];
const rows = results.map((r) => [
  r.name,
  r.half,
  r.kind,
  r.fault ?? '',
  r.buggy?.error && r.buggy.exitCode === undefined ? 'setup' : String(r.buggy?.exitCode ?? ''),
  rankCell(r.buggy),
  String(r.buggy?.rows ?? ''),
  r.fixed?.error && r.fixed.exitCode === undefined ? 'setup' : String(r.fixed?.exitCode ?? ''),
  r.fixed ? (r.fixed.clean ? 'yes' : `no${r.fixed.confirmed ? ` (${r.fixed.confirmed} confirmed)` : ''}`) : '',
  r.buggy?.isolation ? `${r.buggy.isolation.status} (${r.buggy.isolation.replays} replays)${r.buggy.isolation.suspended ? ` ${r.buggy.isolation.suspended}` : ''}` : '',
]);
const n = results.length;
const rank1 = results.filter((r) => r.buggy?.faultRank === 1).length;
const top3 = results.filter((r) => r.buggy?.faultRank !== undefined && r.buggy.faultRank <= 3).length;
const found = results.filter((r) => r.buggy?.exitCode === 1).length;
const clean = results.filter((r) => r.fixed?.clean).length;

function printTable(head, body) {
  const all = [head, ...body];
  const widths = head.map((_, i) => Math.max(...all.map((row) => String(row[i] ?? '').length)));
  const line = (row) => row.map((c, i) => String(c ?? '').padEnd(widths[i])).join('  ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}
console.log('');
printTable(header, rows);
const totals = [`rank 1 on ${rank1} of ${n}`, `top 3 on ${top3} of ${n}`, `buggy confirmed (exit 1) on ${found} of ${n}`, `fixed clean on ${clean} of ${n}`];
console.log('');
console.log(totals.join('; '));
if (opts.markdown) {
  console.log('');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`);
  console.log('');
  console.log(totals.map((t) => `- ${t}`).join('\n'));
}
console.log(`\n${n} case(s) in ${totalSeconds} s${opts.runs ? ` (--runs ${opts.runs})` : ''}; reports under ${relative(process.cwd(), scratchRoot) || '.'}/<case>/{buggy,fixed}/.conlens/`);
if (opts.json) {
  mkdirSync(dirname(opts.json), { recursive: true });
  writeFileSync(opts.json, `${JSON.stringify({ options: opts, seconds: totalSeconds, totals: { cases: n, rank1, top3, buggyConfirmed: found, fixedClean: clean }, cases: results }, null, 2)}\n`);
}
process.exit(0);
