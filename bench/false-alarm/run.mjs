#!/usr/bin/env node
// The false-alarm benchmark (issue 29, point 3): correct projects that must never fail because of
// the tool. For each project of the corpus (bench/false-alarm/{tune,heldout,heldout2}/<name>/):
//   1. copy it to <repo>/.conlens/bench/false-alarm/<name>/ (the only place this script writes) and
//      `npm install --ignore-scripts --no-audit --no-fund` there (exact versions from its package.json);
//   2. add reporter.mjs to the copy's integration command (`node --test` only: it writes which tests
//      ran and failed in every run, plain or scheduled, so a failing run is traced back to its tests);
//   3. `conlens check --runs N` (the integration command N times, plainly);
//   4. `conlens fuzz --strategy S --runs R --seed 1` for S in random, pct, atomfuzzer and combined (rank's default).
// conlens's own output goes to .conlens/fa/{check,fuzz-<strategy>}.txt in the copy, next to the JSON.
// Then one table: plain failing runs / N, failing runs / R per strategy, FALSE failures (runs that fail
// under the tool although every test that failed in them never failed plain), and anything the tool
// did not check (exit 2, a run that executed no test) or called clean while a test failed.
// It prints counts only: nothing here is timed against a target.
//
//   node bench/false-alarm/run.mjs [tune|heldout|heldout2…heldout5|<name>…] [--runs R] [--plain N] [--jobs J]
//        [--seed S] [--strategies random,pct,atomfuzzer] [--json FILE] [--markdown] [--details]
// What failed is listed for tune/ projects only: the held-out halves (heldout/ … heldout5/) get their counts (--details
// lists theirs too; the JSON and the copies always have everything). Do not tune the tool on them.
// Exit code: 0 no false failure, 1 some false failure, 2 usage error or a project that could not be set up.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const cli = join(repo, 'dist', 'cli.js');
const reporter = join(here, 'reporter.mjs');
const scratchRoot = join(repo, '.conlens', 'bench', 'false-alarm');
const HALVES = ['tune', 'heldout', 'heldout2', 'heldout3', 'heldout4', 'heldout5'];
/** Halves whose failures are not listed without --details (measured, never tuned on). */
const HELD_OUT = new Set(['heldout', 'heldout2', 'heldout3', 'heldout4', 'heldout5']);

function usage(message) {
  if (message) console.error(`run.mjs: ${message}`);
  console.error('usage: node bench/false-alarm/run.mjs [tune|heldout|heldout2…heldout5|<name>…] [--runs R] [--plain N] [--jobs J] [--seed S] [--strategies random,pct,atomfuzzer] [--json FILE] [--markdown] [--details]');
  process.exit(2);
}

const opts = { runs: 20, plain: undefined, jobs: 2, seed: 1, strategies: ['random', 'pct', 'atomfuzzer', 'combined'], json: undefined, markdown: false, details: false };
const selectors = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  const value = () => (i + 1 < argv.length ? argv[++i] : usage(`${a} needs a value`));
  const int = (v) => (/^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : usage(`${a} expects a whole number ≥ 1, got ${v}`));
  if (a === '--runs') opts.runs = int(value());
  else if (a === '--plain') opts.plain = int(value());
  else if (a === '--jobs') opts.jobs = int(value());
  else if (a === '--seed') opts.seed = int(value());
  else if (a === '--strategies') opts.strategies = value().split(',').filter(Boolean);
  else if (a === '--json') opts.json = resolve(value());
  else if (a === '--markdown') opts.markdown = true;
  else if (a === '--details') opts.details = true;
  else if (a === '-h' || a === '--help') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else selectors.push(a);
}
opts.plain ??= opts.runs;
if (!existsSync(cli)) usage(`${relative(process.cwd(), cli)} is missing: run \`npm run build\` first`);

// ---- the corpus ----
const corpus = [];
for (const half of HALVES) {
  const dir = join(here, half);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (existsSync(join(dir, name, 'conlens.config.json'))) corpus.push({ name, half, dir: join(dir, name) });
  }
}
if (corpus.length === 0) usage(`no project under ${relative(process.cwd(), here)}/{${HALVES.join(',')}}/`);
let chosen = corpus;
if (selectors.length > 0) {
  chosen = [];
  for (const s of selectors) {
    const hits = HALVES.includes(s) ? corpus.filter((p) => p.half === s) : corpus.filter((p) => p.name === s);
    if (hits.length === 0) usage(`no project or half named ${s} (projects: ${corpus.map((p) => p.name).join(', ')})`);
    for (const h of hits) if (!chosen.includes(h)) chosen.push(h);
  }
}

// ---- helpers ----
const log = (line) => process.stderr.write(`${line}\n`);
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

function run(cmd, args, options = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  return { status: r.status ?? (r.signal ? 128 : 1), stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms: Date.now() - started, error: r.error };
}

function packageOf(dir) {
  const pkg = readJson(join(dir, 'package.json')) ?? {};
  const deps = Object.entries(pkg.dependencies ?? {});
  return deps.length === 0 ? '(no library)' : deps.map(([n, v]) => `${n}@${v}`).join(', ');
}

/** The integration command with our reporter added after `node --test`; undefined if it is not node:test. */
function withReporter(command) {
  const flags = ['--test-reporter=tap', '--test-reporter-destination=stdout', `--test-reporter=${reporter}`, '--test-reporter-destination=stdout'];
  if (typeof command === 'string') {
    const m = /^(\s*node\s+(?:\S+\s+)*?--test)(\s|$)/.exec(command);
    if (!m || /\s/.test(reporter)) return undefined;
    return `${m[1]} ${flags.join(' ')}${command.slice(m[1].length)}`;
  }
  if (Array.isArray(command) && command[0] === 'node' && command.includes('--test')) {
    const at = command.indexOf('--test') + 1;
    return [...command.slice(0, at), ...flags, ...command.slice(at)];
  }
  return undefined;
}

/** Reporter files of a phase, keyed by the pid of the `node --test` process. */
function readReports(dir) {
  const reports = new Map();
  if (!existsSync(dir)) return reports;
  for (const f of readdirSync(dir)) {
    const r = readJson(join(dir, f));
    if (r && typeof r.pid === 'number') reports.set(r.pid, r);
  }
  return reports;
}

const testKey = (scratch, t) => `${t.file ? relative(scratch, t.file) : '?'} › ${t.name}`;

/** The pids named in a run's trace headers (each test-file process and its `node --test` parent). */
function runPids(runDir) {
  const pids = new Set();
  if (!runDir || !existsSync(runDir)) return pids;
  for (const f of readdirSync(runDir)) {
    if (!f.startsWith('trace-') || !f.endsWith('.jsonl')) continue;
    const text = readFileSync(join(runDir, f), 'utf8');
    const first = text.slice(0, text.indexOf('\n') >>> 0 || text.length);
    const header = (() => {
      try {
        return JSON.parse(first);
      } catch {
        return undefined;
      }
    })();
    if (header?.e === 'header') {
      if (header.pid) pids.add(header.pid);
      if (header.ppid) pids.add(header.ppid);
    }
  }
  return pids;
}

// ---- one project ----
function benchProject(project) {
  const t0 = Date.now();
  const scratch = join(scratchRoot, project.name);
  const result = { name: project.name, half: project.half, package: packageOf(project.dir), scratch, setupError: undefined, plain: undefined, strategies: {}, falseFailures: 0, seconds: 0 };
  log(`== ${project.half}/${project.name} (${result.package})`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratchRoot, { recursive: true });
  cpSync(project.dir, scratch, {
    recursive: true,
    filter: (src) => !/(^|[\\/])(node_modules|\.conlens|package-lock\.json)$/.test(relative(project.dir, src)),
  });
  const pkg = readJson(join(scratch, 'package.json')) ?? {};
  // heldout3's runners (Jest, Vitest, Mocha, tsx) are devDependencies.
  if (Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).length > 0) {
    const npm = run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: scratch });
    if (npm.status !== 0) {
      result.setupError = `npm install failed (${npm.status}): ${(npm.stderr || npm.stdout).trim().split('\n').slice(-3).join(' ')}`;
      log(`   ${result.setupError}`);
      return result;
    }
  }
  const configFile = join(scratch, 'conlens.config.json');
  const config = readJson(configFile);
  if (!config?.integration?.command) {
    result.setupError = 'conlens.config.json has no integration command';
    return result;
  }
  const traced = withReporter(config.integration.command);
  result.attribution = traced !== undefined;
  if (traced !== undefined) {
    config.integration.command = traced;
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  }
  const work = join(scratch, '.conlens', 'fa');
  mkdirSync(work, { recursive: true });

  // plain runs
  const plainReports = join(work, 'reports-plain');
  const checkJson = join(work, 'check.json');
  const check = run(process.execPath, [cli, 'check', scratch, '--runs', String(opts.plain), '--jobs', String(opts.jobs), '--json', checkJson], { env: { ...process.env, FA_REPORT_DIR: plainReports } });
  writeFileSync(join(work, 'check.txt'), `${check.stdout}${check.stderr ? `\n--- stderr\n${check.stderr}` : ''}`);
  const checked = readJson(checkJson);
  const failedPlain = new Map(); // test key -> failing plain runs
  const failedPlainFiles = new Set();
  let plainTests = 0;
  let plainRunsWithFailedTest = 0;
  for (const r of readReports(plainReports).values()) {
    plainTests = Math.max(plainTests, r.tests.length);
    if (r.tests.some((t) => t.status === 'fail')) plainRunsWithFailedTest++;
    for (const t of r.tests) {
      if (t.status !== 'fail') continue;
      const k = testKey(scratch, t);
      failedPlain.set(k, (failedPlain.get(k) ?? 0) + 1);
      if (t.file) failedPlainFiles.add(relative(scratch, t.file));
    }
  }
  result.plain = {
    exitCode: check.status,
    runs: checked?.integration?.runs ?? 0,
    failingRuns: checked?.integration?.failures ?? (check.status === 0 ? 0 : undefined),
    unitPassed: checked ? checked.unit?.failures === 0 : undefined,
    tests: plainTests,
    failedTests: Object.fromEntries(failedPlain),
    seconds: Math.round(check.ms / 100) / 10,
  };
  // A plain run that failed without naming a test (a hang killed before the reporter wrote): then
  // no scheduled failure can be told apart from it, and none is counted as false.
  const plainUnattributed = (result.plain.failingRuns ?? 0) > plainRunsWithFailedTest;
  if (!checked) result.plain.error = (check.stderr || check.stdout).trim().split('\n').slice(-5).join('\n');
  log(`   plain: ${result.plain.failingRuns ?? '?'}/${result.plain.runs} failing runs, ${plainTests} tests per run (${result.plain.seconds} s)`);

  // scheduled runs
  for (const strategy of opts.strategies) {
    const reportsDir = join(work, `reports-${strategy}`);
    const fuzzJson = join(work, `fuzz-${strategy}.json`);
    const fuzz = run(process.execPath, [cli, 'fuzz', scratch, '--strategy', strategy, '--runs', String(opts.runs), '--seed', String(opts.seed), '--jobs', String(opts.jobs), '--json', fuzzJson], { env: { ...process.env, FA_REPORT_DIR: reportsDir } });
    writeFileSync(join(work, `fuzz-${strategy}.txt`), `${fuzz.stdout}${fuzz.stderr ? `\n--- stderr\n${fuzz.stderr}` : ''}`);
    const out = readJson(fuzzJson);
    const reports = readReports(reportsDir);
    const s = { exitCode: fuzz.status, runs: out?.outcomes?.length ?? 0, failingRuns: 0, falseRuns: 0, notChecked: 0, cleanButFailed: 0, kinds: {}, failures: [], seconds: Math.round(fuzz.ms / 100) / 10 };
    if (fuzz.status === 2 || !out) {
      s.notChecked = opts.runs;
      s.error = (fuzz.stderr || fuzz.stdout).trim().split('\n').slice(-8).join('\n');
    }
    for (const o of out?.outcomes ?? []) {
      const pids = runPids(o.runDir);
      const runReports = [...pids].map((p) => reports.get(p)).filter(Boolean);
      const tests = runReports.flatMap((r) => r.tests);
      const failedTests = tests.filter((t) => t.status === 'fail').map((t) => testKey(scratch, t));
      const passed = o.outcome === 'pass';
      if (runReports.length > 0 && tests.length === 0) s.notChecked++;
      if (passed) {
        if (failedTests.length > 0) {
          s.cleanButFailed++;
          s.failures.push({ seed: o.seed, kind: 'pass (but a test failed)', message: '', tests: failedTests, false: false });
        }
        continue;
      }
      s.failingRuns++;
      s.kinds[o.outcome] = (s.kinds[o.outcome] ?? 0) + 1;
      // A failure is genuine only if a test that failed in it also failed in some plain run
      // (without a report for the run: if its test file ever failed plain; with no reporter at all,
      // under Jest, Vitest or Mocha: if any plain run failed).
      const processFile = o.process ?? readJson(o.violationFile ?? '')?.process;
      const genuine = plainUnattributed || (failedTests.length > 0 ? failedTests.some((k) => failedPlain.has(k)) : processFile ? failedPlainFiles.has(processFile) : failedPlain.size > 0);
      if (!genuine) s.falseRuns++;
      s.failures.push({ seed: o.seed, kind: o.outcome, message: (o.message ?? '').slice(0, 300), tests: failedTests, process: processFile, violationFile: o.violationFile, false: !genuine });
    }
    result.strategies[strategy] = s;
    result.falseFailures += s.falseRuns;
    log(`   ${strategy}: ${s.failingRuns}/${s.runs} failing runs, ${s.falseRuns} false, exit ${s.exitCode} (${s.seconds} s)`);
  }
  result.seconds = Math.round((Date.now() - t0) / 100) / 10;
  return result;
}

// ---- main ----
const started = Date.now();
log(`false-alarm corpus: ${chosen.length} project(s), plain ${opts.plain} runs, fuzz ${opts.runs} runs × ${opts.strategies.join(', ')}, seed ${opts.seed}, --jobs ${opts.jobs}; scratch ${relative(process.cwd(), scratchRoot) || '.'}`);
const results = chosen.map(benchProject);
const totalSeconds = Math.round((Date.now() - started) / 1000);

// ---- the table ----
const cell = (s) => (s ? `${s.failingRuns}/${s.runs}` : '–');
const header = ['project', 'half', 'package', `plain fail/${opts.plain}`, ...opts.strategies.map((s) => `${s} fail/${opts.runs}`), 'FALSE', 'not checked', 'clean but failed'];
const rows = results.map((r) => {
  if (r.setupError) return [r.name, r.half, r.package, `setup error: ${r.setupError}`, ...opts.strategies.map(() => ''), '', '', ''];
  const strategies = opts.strategies.map((s) => r.strategies[s]);
  const notChecked = strategies.reduce((n, s) => n + (s?.notChecked ?? 0), 0);
  const exit2 = strategies.filter((s) => s?.exitCode === 2).length;
  return [
    r.name,
    r.half,
    r.package,
    `${r.plain.failingRuns ?? '?'}/${r.plain.runs}${r.plain.unitPassed === false ? ' (unit FAIL)' : ''}`,
    ...strategies.map(cell),
    String(r.falseFailures),
    exit2 ? `${notChecked} (exit 2 ×${exit2})` : String(notChecked),
    String(strategies.reduce((n, s) => n + (s?.cleanButFailed ?? 0), 0)),
  ];
});
const falseTotal = results.reduce((n, r) => n + r.falseFailures, 0);
const scheduledTotal = results.reduce((n, r) => n + Object.values(r.strategies).reduce((m, s) => m + s.runs, 0), 0);
const totalRow = ['total', '', '', `${results.reduce((n, r) => n + (r.plain?.failingRuns ?? 0), 0)}/${results.reduce((n, r) => n + (r.plain?.runs ?? 0), 0)}`, ...opts.strategies.map((s) => {
  const all = results.map((r) => r.strategies[s]).filter(Boolean);
  return `${all.reduce((n, x) => n + x.failingRuns, 0)}/${all.reduce((n, x) => n + x.runs, 0)}`;
}), `${falseTotal}/${scheduledTotal}`, '', ''];

function printTable(head, body) {
  const all = [head, ...body];
  const widths = head.map((_, i) => Math.max(...all.map((r) => String(r[i] ?? '').length)));
  const line = (r) => r.map((c, i) => String(c ?? '').padEnd(widths[i])).join('  ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of body) console.log(line(r));
}
console.log('');
printTable(header, [...rows, totalRow]);
if (opts.markdown) {
  console.log('');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, i) => (i < 3 ? '---' : '---:')).join('|')}|`);
  for (const r of [...rows, totalRow]) console.log(`| ${r.join(' | ')} |`);
}

// ---- what failed, and why ----
const details = [];
const hidden = results.filter((r) => HELD_OUT.has(r.half) && !opts.details && (r.falseFailures > 0 || Object.values(r.strategies).some((s) => s.failures.length > 0 || s.error)));
for (const r of results) {
  if (HELD_OUT.has(r.half) && !opts.details) continue;
  for (const [strategy, s] of Object.entries(r.strategies)) {
    for (const f of s.failures) details.push({ r, strategy, f });
    if (s.error) details.push({ r, strategy, f: { seed: '-', kind: `exit ${s.exitCode}`, message: s.error, tests: [], false: false } });
  }
  if (r.plain?.error) details.push({ r, strategy: 'plain', f: { seed: '-', kind: `check exit ${r.plain.exitCode}`, message: r.plain.error, tests: [], false: false } });
}
const seedList = (seeds) => {
  const sorted = [...seeds].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(', ');
};
if (details.length > 0) {
  // Runs that failed the same way (strategy, kind, first line of the message, tests) are one entry.
  const groups = new Map();
  for (const { r, strategy, f } of details) {
    const key = JSON.stringify([r.name, strategy, f.false, f.kind, (f.message ?? '').split('\n')[0], [...(f.tests ?? [])].sort()]);
    const g = groups.get(key) ?? { r, strategy, f, seeds: [] };
    if (typeof f.seed === 'number') g.seeds.push(f.seed);
    groups.set(key, g);
  }
  console.log('');
  console.log('runs that failed, were not checked, or passed with a failing test:');
  for (const { r, strategy, f, seeds } of groups.values()) {
    const which = seeds.length > 0 ? `${seeds.length} run(s), seed ${seedList(seeds)}` : 'not run';
    console.log(`  ${f.false ? 'FALSE ' : ''}${r.name}  ${strategy}  ${which}  ${f.kind}${f.message ? `: ${f.message.split('\n')[0]}` : ''}`);
    for (const t of f.tests ?? []) console.log(`      test: ${t}${r.plain?.failedTests?.[t] ? ` (failed plain ${r.plain.failedTests[t]}×)` : ''}`);
    if (f.violationFile) console.log(`      e.g. ${relative(process.cwd(), f.violationFile)}`);
  }
}
if (hidden.length > 0) console.log(`\n(heldout halves: what failed in ${hidden.map((r) => r.name).join(', ')} is not listed — --details lists it)`);
console.log('');
console.log(`${results.length} project(s), ${falseTotal} false failure(s) in ${scheduledTotal} scheduled runs; ${totalSeconds} s (--plain ${opts.plain}, --runs ${opts.runs}, --jobs ${opts.jobs})`);

if (opts.json) {
  mkdirSync(dirname(opts.json), { recursive: true });
  writeFileSync(opts.json, `${JSON.stringify({ options: opts, seconds: totalSeconds, falseFailures: falseTotal, scheduledRuns: scheduledTotal, projects: results }, null, 2)}\n`);
}
process.exit(results.some((r) => r.setupError) ? 2 : falseTotal > 0 ? 1 : 0);
