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
// Two clocks per run: wall time, and the CPU time (user + system) of the whole process tree — the
// runner, its workers and their threads, which the kernel adds to ours when each exits and is
// reaped (Linux: /proc/self/stat cutime + cstime, 10 ms ticks; elsewhere wall time only). On a
// shared, loaded machine the wall ratio mostly measures who else got the cores; the CPU ratio is
// the work a traced run adds, and stays put (issue 33, part 3).
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
/** The kernel's clock ticks per second (USER_HZ): 100 on every Linux build Node supports. */
const CLOCK_TICKS = 100;
/** CPU ms of our reaped children (and theirs), or undefined where /proc is not there. */
function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
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
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: s.dir, env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const ms = performance.now() - start;
  const cpuAfter = childrenCpuMs();
  if (result.status !== 0) throw new Error(`${s.runner} ${s.suite} ${variant}: ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  if (!plain && !readdirSync(JSON.parse(env.CONLENS_TRACE).runDir).some((f) => f.startsWith('trace-'))) {
    throw new Error(`${s.runner} ${s.suite} ${variant}: the traced run wrote no trace`);
  }
  return { wall: ms, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
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
    const withCpu = all.every((s) => Object.values(s.runs).every((runs) => runs.every((r) => r.cpu !== undefined)));
    const clocks = withCpu ? ['wall', 'cpu'] : ['wall'];
    log(`Per runner: plain vs traced with fields, warm and cold caches, median of ${rounds} interleaved rounds${withCpu ? '; wall time, then CPU time of the process tree' : ''}`);
    const head = (clock) => `   ${clock} warm ×   cold ×${baselineDist ? '   base warm ×   cold ×' : ''}`;
    log(`   runner   suite            plain ms${clocks.map(head).join('')}   (Jest: cold vs its own cold plain run, ms)`);
    const rows = [];
    const ratio = (runs, base, clock) => median(runs.map((r) => r[clock])) / base;
    for (const s of all) {
      const row = { runner: s.runner, suite: s.suite };
      let line = '';
      for (const clock of clocks) {
        const plain = median(s.runs.plain.map((r) => r[clock]));
        const plainCold = s.runs.plainCold.length ? median(s.runs.plainCold.map((r) => r[clock])) : plain;
        // `warm`, `cold` (wall) as before; the CPU twins are `cpuWarm`, `cpuCold`, ….
        const key = (name) => (clock === 'wall' ? name : `cpu${name[0].toUpperCase()}${name.slice(1)}`);
        Object.assign(row, { [key('plainMs')]: plain, [key('plainColdMs')]: plainCold, [key('warm')]: ratio(s.runs.warm, plain, clock), [key('cold')]: ratio(s.runs.cold, plainCold, clock) });
        if (baselineDist) Object.assign(row, { [key('baseWarm')]: ratio(s.runs.baseWarm, plain, clock), [key('baseCold')]: ratio(s.runs.baseCold, plainCold, clock) });
        const cell = (x) => x.toFixed(2).padStart(6);
        line += `   ${clock.padStart(4)} ${cell(row[key('warm')])}   ${cell(row[key('cold')])}${baselineDist ? `        ${cell(row[key('baseWarm')])}   ${cell(row[key('baseCold')])}` : ''}`;
      }
      rows.push(row);
      const note = s.runs.plainCold.length ? `   (plain cold ${row.plainColdMs.toFixed(0)}${withCpu ? `, CPU ${row.cpuPlainColdMs.toFixed(0)}` : ''})` : '';
      log(`   ${s.runner.padEnd(8)} ${s.suite.padEnd(15)} ${row.plainMs.toFixed(0).padStart(9)}${line}${withCpu ? `   (plain CPU ${row.cpuPlainMs.toFixed(0)} ms)` : ''}${note}`);
    }
    for (const runner of runners) {
      const mine = rows.filter((r) => r.runner === runner);
      const verdict = (x) => `${x.toFixed(2)}× (≤ 1.5×: ${x <= 1.5 ? 'PASS' : 'MISS'})`;
      for (const [clock, warm, cold] of withCpu ? [['wall', 'warm', 'cold'], ['CPU', 'cpuWarm', 'cpuCold']] : [['wall', 'warm', 'cold']]) {
        log(`   ${runner.padEnd(8)} ${clock.padEnd(4)} worst warm ${verdict(Math.max(...mine.map((r) => r[warm])))}, worst cold ${verdict(Math.max(...mine.map((r) => r[cold])))}`);
      }
    }
    return rows;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runnersBench();
