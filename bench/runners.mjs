// Tracing slowdown per test runner (issue 15): the same suites under node:test, Mocha, Jest and
// Vitest, each runner's plain run vs a traced run started as Concurrency Lens starts it, measured
// side by side (interleaved rounds, medians) and printed as one ratio per runner and suite.
//
// Suites: the account and bank-transfer examples' unit tests (node:test: examples/<name>; Jest and
// Vitest: their fixtures in test/runners/; Mocha: the node:test file with its import line
// rewritten), and a synthetic suite (workloads/synthetic-suite.mjs: 30 source files, 60 tests in
// 10 files) where the per-file costs show. Each suite is copied to a scratch project whose
// node_modules links to ours, so nothing is written into the repository.
//
// plain   node:test and Mocha: under our loader without tracing (on Node 20 it is what runs their
//         TypeScript); Jest and Vitest: their own bin, as the user runs them.
// cold    traced, nothing cached: the instrumentation cache (.conlens/cache) emptied, and for Jest
//         an empty transform cache directory — compared with Jest's own cold run (plain, its
//         transform cache empty too: ts-jest compiles every file in both); the other runners
//         keep no transform cache between runs, their plain run is their cold run.
// warm    traced, the caches filled by an earlier traced run — the usual case: `conlens rank`
//         runs the unit suite and then the integration suite N times on the same sources.
// Traced runs record fields (integration settings, the heavier of the two).
//
// Usage: npm run build && node bench/runners.mjs   (BENCH_ROUNDS=N, BENCH_RUNNERS=node,vitest,
// BENCH_SUITES=account,synthetic); bench/tracing.mjs runs it as its section 6.
// BENCH_BASELINE=<a copy of an earlier dist/>: every traced run is made with that build too, in the
// same rounds, for before/after side by side (issue 33). Target: traced ≤ 1.5× (issue 33).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeSyntheticSuite } from './workloads/synthetic-suite.mjs';

const root = join(import.meta.dirname, '..');
// As runner/run-command.ts injects it: `--require` of dist/register.cjs.
const register = join(root, 'dist', 'register.cjs');
const bin = {
  mocha: join(root, 'node_modules', 'mocha', 'bin', 'mocha.js'),
  jest: join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
  vitest: join(root, 'node_modules', 'vitest', 'vitest.mjs'),
  jestRun: join(root, 'dist', 'jest-run.cjs'),
  vitestRun: join(root, 'dist', 'vitest-run.mjs'),
};
const baselineDist = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined;
/** The traced variants: this build's, and the baseline's when one is given. */
const TRACED = baselineDist ? ['cold', 'warm', 'baseCold', 'baseWarm'] : ['cold', 'warm'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const RUNNERS = ['node', 'mocha', 'jest', 'vitest'];
const SUITES = ['account', 'bank-transfer', 'synthetic'];

/** The Mocha twin of a node:test file: only the import of `test` changes. */
function mochaSpec(nodeTest) {
  const rewritten = nodeTest.replace("import { test } from 'node:test';", "import { it as test } from 'mocha';");
  if (rewritten === nodeTest) throw new Error('the node:test file does not import { test } from node:test as expected');
  return rewritten;
}

/** A scratch copy of one suite for one runner, and how to run it plain and traced. */
function prepare(scratch, runner, suite) {
  const dir = join(scratch, runner, suite);
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  let testArgs;
  if (suite === 'synthetic') {
    testArgs = writeSyntheticSuite(dir, runner);
  } else if (runner === 'node' || runner === 'mocha') {
    const example = join(root, 'examples', suite);
    cpSync(join(example, 'src'), join(dir, 'src'), { recursive: true });
    cpSync(join(example, 'package.json'), join(dir, 'package.json'));
    mkdirSync(join(dir, 'test', 'unit'), { recursive: true });
    testArgs = [];
    for (const file of readdirSync(join(example, 'test', 'unit')).filter((f) => f.endsWith('.test.ts')).sort()) {
      const text = readFileSync(join(example, 'test', 'unit', file), 'utf8');
      const name = runner === 'mocha' ? file.replace(/\.test\.ts$/, '.spec.ts') : file;
      writeFileSync(join(dir, 'test', 'unit', name), runner === 'mocha' ? mochaSpec(text) : text);
      testArgs.push(`test/unit/${name}`);
    }
  } else {
    const fixture = join(root, 'test', 'runners', runner, suite);
    cpSync(fixture, dir, { recursive: true, filter: (src) => !['fixed', 'node_modules', '.conlens'].some((skip) => src.startsWith(join(fixture, skip))) });
    testArgs = ['test/unit'];
  }
  const argv = {
    node: { plain: ['--test', ...testArgs], traced: ['--test', ...testArgs] },
    mocha: { plain: [bin.mocha, '--extension', 'ts', ...testArgs], traced: [bin.mocha, '--extension', 'ts', ...testArgs] },
    jest: { plain: [bin.jest, ...testArgs], traced: [bin.jestRun, ...testArgs] },
    vitest: { plain: [bin.vitest, 'run', ...testArgs], traced: [bin.vitestRun, 'run', ...testArgs] },
  }[runner];
  return { runner, suite, dir, argv, runs: { plain: [], plainCold: [], cold: [], warm: [], baseCold: [], baseWarm: [] } };
}

function timed(s, variant, scratch) {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  delete env.CONLENS_TRACE;
  const plain = variant === 'plain' || variant === 'plainCold';
  const baseline = variant === 'baseCold' || variant === 'baseWarm';
  // The baseline's traced run: the same command with the earlier build's entry points.
  const ownBuild = (arg) => (baseline && arg.startsWith(join(root, 'dist')) ? join(baselineDist, arg.slice(join(root, 'dist').length)) : arg);
  const args = (plain ? s.argv.plain : s.argv.traced).map(ownBuild);
  // Plain Jest and Vitest are the user's own command: no loader. Everything else carries it, as
  // runner/run-command.ts starts every test command.
  if (!plain || s.runner === 'node' || s.runner === 'mocha') env.NODE_OPTIONS = `--require=${JSON.stringify(ownBuild(register))}`;
  if (!plain) {
    env.CONLENS_TRACE = JSON.stringify({ root: s.dir, include: ['src/**/*.ts'], runDir: mkdtempSync(join(scratch, 'run-')), fields: true, depth: 2, locks: [] });
  }
  if (variant === 'cold' || variant === 'baseCold') rmSync(join(s.dir, '.conlens', 'cache'), { recursive: true, force: true });
  if (s.runner === 'jest') {
    // Jest's own transform cache: the plain and warm runs keep theirs, a cold run starts empty.
    const cacheDir = variant === 'cold' || variant === 'baseCold' || variant === 'plainCold' ? mkdtempSync(join(scratch, 'jest-cold-')) : join(s.dir, `.jest-cache-${variant}`);
    args.push('--cacheDirectory', cacheDir);
  }
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: s.dir, env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${s.runner} ${s.suite} ${variant}: ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  if (!plain && !readdirSync(JSON.parse(env.CONLENS_TRACE).runDir).some((f) => f.startsWith('trace-'))) {
    throw new Error(`${s.runner} ${s.suite} ${variant}: the traced run wrote no trace`);
  }
  return ms;
}

export function runnersBench({ rounds = Number(process.env.BENCH_ROUNDS ?? 5), log = console.log } = {}) {
  const runners = (process.env.BENCH_RUNNERS ?? RUNNERS.join(',')).split(',');
  const suites = (process.env.BENCH_SUITES ?? SUITES.join(',')).split(',');
  const scratch = mkdtempSync(join(tmpdir(), 'conlens-bench-runners-'));
  try {
    const all = runners.flatMap((runner) => suites.map((suite) => prepare(scratch, runner, suite)));
    // One traced run fills the caches the warm runs use (and loads everything once from disk).
    for (const s of all) {
      timed(s, 'plain', scratch);
      timed(s, 'warm', scratch);
      if (baselineDist) timed(s, 'baseWarm', scratch);
    }
    for (let i = 0; i < rounds; i++) {
      for (const s of all) {
        for (const variant of s.runner === 'jest' ? ['plain', 'plainCold', ...TRACED] : ['plain', ...TRACED]) s.runs[variant].push(timed(s, variant, scratch));
      }
    }
    log(`Per runner: plain vs traced with fields, warm and cold caches, median of ${rounds} interleaved rounds`);
    log(`   runner   suite            plain ms   warm ×   cold ×${baselineDist ? '   baseline: warm ×   cold ×' : ''}   (Jest: cold vs its own cold plain run, ms)`);
    const rows = [];
    for (const s of all) {
      const plain = median(s.runs.plain);
      const plainCold = s.runs.plainCold.length ? median(s.runs.plainCold) : plain;
      const row = { runner: s.runner, suite: s.suite, plainMs: plain, plainColdMs: plainCold, warm: median(s.runs.warm) / plain, cold: median(s.runs.cold) / plainCold };
      if (baselineDist) Object.assign(row, { baseWarm: median(s.runs.baseWarm) / plain, baseCold: median(s.runs.baseCold) / plainCold });
      rows.push(row);
      const note = s.runs.plainCold.length ? `   (plain cold ${plainCold.toFixed(0)})` : '';
      const base = baselineDist ? `             ${row.baseWarm.toFixed(2).padStart(6)}   ${row.baseCold.toFixed(2).padStart(6)}` : '';
      log(`   ${s.runner.padEnd(8)} ${s.suite.padEnd(15)} ${plain.toFixed(0).padStart(9)}   ${row.warm.toFixed(2).padStart(6)}   ${row.cold.toFixed(2).padStart(6)}${base}${note}`);
    }
    for (const runner of runners) {
      const mine = rows.filter((r) => r.runner === runner);
      const worstWarm = Math.max(...mine.map((r) => r.warm));
      const worstCold = Math.max(...mine.map((r) => r.cold));
      log(`   ${runner.padEnd(8)} worst warm ${worstWarm.toFixed(2)}× (≤ 1.5×: ${worstWarm <= 1.5 ? 'PASS' : 'MISS'}), worst cold ${worstCold.toFixed(2)}× (≤ 1.5×: ${worstCold <= 1.5 ? 'PASS' : 'MISS'})`);
    }
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runnersBench();
