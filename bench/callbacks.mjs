// Issue 20: callbacks as scheduling points, measured side by side in one run.
//   1. Slowdown of scheduled runs on callback-heavy workloads: the same test process plain (our
//      loader, no tracing), traced (fields, no scheduler) and scheduled (traced + the controlled
//      scheduler, random strategy), in-process time of the workload (wall, and CPU of all the
//      process's threads, which a shared machine moves less) and whole-process time; the
//      ratios scheduled/plain against the ≤ 3× target. Two workloads (bench/workloads/callbacks):
//      `io` — 400 fs callback chains, 8 at a time, each stat → readFile → setImmediate → then →
//      nextTick (I/O-bound, the shape of a server's callbacks) — and `loop` — 2000 chains of
//      setImmediate → then → nextTick with no I/O (the worst case: every callback is a decision
//      and nothing else costs time).
//      Then the callback examples' own integration suites (the six examples of part 2, their
//      `node --test` command as a user runs it, the whole run): plain, traced and scheduled — a
//      test suite's slowdown, where the workloads above are the worst cases (the program does
//      nothing between callbacks but register the next one).
//   2. Mean runs to the first failure on the callback examples (examples/<name>, the ones this
//      issue added): the share of failing runs plain (`conlens check`) and under `conlens fuzz`
//      (random, the default; pct), and 1/p.
// BENCH_ROUNDS=N (default 3) interleaves the variants of part 1 and takes medians;
// BENCH_BASELINE=<a dist/ folder> (a copy of an earlier build): the workloads of part 1 also run
// traced and scheduled with that build, in the same rounds, so before/after ratios come from one run;
// BENCH_RUNS=N (default 10) runs per example and mode in part 2; BENCH_SECTIONS=1,2 (1a: the
// workloads of part 1 only, 1b: the suites only).
// Run: npm run build && node bench/callbacks.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.js');
const register = join(root, 'dist', 'register.mjs');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 10));
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? '1,2').split(','));
const TARGET = 3;
const BASELINE = process.env.BENCH_BASELINE ? join(resolve(process.env.BENCH_BASELINE), 'register.mjs') : undefined;
/** Callbacks each workload registers (workloads/callbacks/src/workload.ts): 400 chains of five,
 *  2000 chains of three. */
const CALLBACKS = { io: 400 * 5, loop: 2000 * 3 };
const EXAMPLES = ['then-visit-counter', 'debounced-flush', 'late-listener', 'http-seat-booking', 'stream-async-data', 'note-save-load'];

// Plain runs keep their transpiled files too (in the project copy, as traced runs keep theirs in
// its .conlens/cache): every mode's first round transpiles, later rounds reuse.
const plainCache = (project) => ({ CONLENS_TRANSPILE_CACHE: join(project, '.conlens', 'cache', 'plain-transpile') });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function runWorkload(project, mode, loader = register) {
  const env = { ...process.env, ...plainCache(project) };
  delete env.CONLENS_TRACE;
  if (mode !== 'plain') {
    const runDir = mkdtempSync(join(tmpdir(), 'conlens-bench-cb-'));
    env.CONLENS_TRACE = JSON.stringify({
      root: project, include: ['src/**/*.ts'], runDir, fields: true, depth: 2, locks: [],
      ...(mode === 'scheduled' ? { schedule: { strategy: 'random', seed: 1 } } : {}),
    });
  }
  const started = performance.now();
  const out = spawnSync(process.execPath, ['--import', loader, 'test/workload.bench.ts'], { cwd: project, env, encoding: 'utf8' });
  const wall = performance.now() - started;
  if (out.status !== 0) throw new Error(`${mode} run failed:\n${out.stdout}\n${out.stderr}`);
  // `WORKLOAD <phase> <wall ms> <CPU ms>`: the CPU time as `<phase>Cpu`.
  const times = Object.fromEntries([...out.stdout.matchAll(/^WORKLOAD (\w+) ([\d.]+) ([\d.]+)$/gm)].flatMap((m) => [[m[1], Number(m[2])], [`${m[1]}Cpu`, Number(m[3])]]));
  if (mode !== 'plain') rmSync(JSON.parse(env.CONLENS_TRACE).runDir, { recursive: true, force: true });
  return { wall, ...times };
}

function slowdown() {
  const project = mkdtempSync(join(tmpdir(), 'conlens-bench-cb-project-'));
  cpSync(join(import.meta.dirname, 'workloads', 'callbacks'), project, { recursive: true });
  const modes = ['plain', 'traced', 'scheduled', ...(BASELINE ? ['baseline traced', 'baseline scheduled'] : [])];
  const samples = Object.fromEntries(modes.map((m) => [m, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...modes].reverse() : modes;
      for (const mode of order) samples[mode].push(runWorkload(project, mode.replace('baseline ', ''), mode.startsWith('baseline') ? BASELINE : register));
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  console.log(`\n1. Slowdown on callback-heavy workloads (${ROUNDS} interleaved rounds, medians)\n`);
  console.log(`workload           plain ms   traced   scheduled   target${BASELINE ? '                    baseline traced   scheduled' : ''}`);
  let pass = true;
  const perCallback = [];
  for (const key of ['io', 'ioCpu', 'loop', 'loopCpu', 'wall']) {
    const plain = median(samples.plain.map((s) => s[key]));
    const traced = median(samples.traced.map((s) => s[key])) / plain;
    const scheduled = median(samples.scheduled.map((s) => s[key])) / plain;
    const label = { wall: 'whole process', io: 'io (fs chains)', ioCpu: '  same, CPU', loop: 'loop (no I/O)', loopCpu: '  same, CPU' }[key];
    // The target is a scheduled run's (a test process, 1b's suites); in-process, the workloads
    // are the worst cases: io's ratio is printed against it, loop's has none.
    const verdict = key.startsWith('loop') ? '(worst case, no target)' : scheduled <= TARGET ? 'PASS ≤ 3×' : 'MISS > 3×';
    if (key === 'wall' && scheduled > TARGET) pass = false;
    const before = BASELINE ? ['baseline traced', 'baseline scheduled'].map((m) => `${(median(samples[m].map((s) => s[key])) / plain).toFixed(2)}×`) : [];
    console.log(`${label.padEnd(18)} ${plain.toFixed(0).padStart(8)}   ${traced.toFixed(2).padStart(5)}×   ${scheduled.toFixed(2).padStart(8)}×   ${verdict.padEnd(24)}${before.length ? `   ${before[0].padStart(14)}   ${before[1].padStart(9)}` : ''}`);
    if (CALLBACKS[key]) perCallback.push(`${key} ${((scheduled - 1) * plain * 1000 / CALLBACKS[key]).toFixed(0)} µs (plain ${(plain * 1000 / CALLBACKS[key]).toFixed(0)} µs)`);
  }
  // What a scheduled callback costs on top of the program's own: the ratio of any workload
  // follows from how long the program works per callback.
  console.log(`added per scheduled callback: ${perCallback.join(', ')}`);
  return pass;
}

/** One whole run of an example's integration suite (`node --test` over its files, the loader
 *  preloaded as conlens preloads it), plain / traced / scheduled; wall ms. A failing run is fine
 *  (the examples are buggy): only a run that did not start is an error. */
function runSuite(project, mode, seed) {
  const env = { ...process.env, NODE_OPTIONS: `--import ${register}`, ...plainCache(project) };
  delete env.CONLENS_TRACE;
  let runDir;
  if (mode !== 'plain') {
    runDir = mkdtempSync(join(tmpdir(), 'conlens-bench-cb-'));
    env.CONLENS_TRACE = JSON.stringify({
      root: project, include: ['src/**/*.ts'], runDir, fields: true, depth: 2, locks: [],
      ...(mode === 'scheduled' ? { schedule: { strategy: 'random', seed } } : {}),
    });
  }
  const files = readdirSync(join(project, 'test', 'integration')).filter((f) => f.endsWith('.test.ts')).map((f) => join('test', 'integration', f));
  const started = performance.now();
  const out = spawnSync(process.execPath, ['--test', ...files], { cwd: project, env, encoding: 'utf8' });
  const wall = performance.now() - started;
  if (runDir) rmSync(runDir, { recursive: true, force: true });
  if (out.status === null || !/# tests \d+/.test(out.stdout)) throw new Error(`${mode} run of ${project} did not run:\n${out.stdout}\n${out.stderr}`);
  return wall;
}

function suites() {
  console.log(`\n1b. The callback examples' integration suites, whole \`node --test\` run (${ROUNDS} interleaved rounds, medians)\n`);
  console.log('example               plain ms   traced   scheduled   target');
  const modes = ['plain', 'traced', 'scheduled'];
  let pass = true;
  const ratios = [];
  for (const name of EXAMPLES) {
    const project = mkdtempSync(join(tmpdir(), 'conlens-bench-cb-suite-'));
    cpSync(join(root, 'examples', name), project, { recursive: true, filter: (src) => !src.includes(`${name}/.conlens`) && !src.includes(`${name}/fixed`) });
    const samples = Object.fromEntries(modes.map((m) => [m, []]));
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 ? [...modes].reverse() : modes;
        for (const mode of order) samples[mode].push(runSuite(project, mode, round + 1));
      }
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
    const plain = median(samples.plain);
    const traced = median(samples.traced) / plain;
    const scheduled = median(samples.scheduled) / plain;
    ratios.push(scheduled);
    if (scheduled > TARGET) pass = false;
    console.log(`${name.padEnd(20)} ${plain.toFixed(0).padStart(8)}   ${traced.toFixed(2).padStart(5)}×   ${scheduled.toFixed(2).padStart(8)}×   ${scheduled <= TARGET ? 'PASS ≤ 3×' : 'MISS > 3×'}`);
  }
  console.log(`${'largest'.padEnd(20)} ${''.padStart(8)}   ${''.padStart(6)}   ${Math.max(...ratios).toFixed(2).padStart(8)}×`);
  return pass;
}

function rate(args) {
  const out = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  const text = `${out.stdout}\n${out.stderr}`;
  const fuzz = /detection rate: (\d+)\/(\d+)/.exec(text);
  if (fuzz) return Number(fuzz[1]) / Number(fuzz[2]);
  const check = /integration\s+\S+\s+(\d+)\/(\d+) runs failed/.exec(text);
  if (check) return Number(check[1]) / Number(check[2]);
  throw new Error(`no rate in the output of conlens ${args.join(' ')}:\n${text}`);
}

function runsToFailure() {
  console.log(`\n2. Mean runs to the first failure on the callback examples (${RUNS} runs per mode; 1/p, ∞ when none failed)\n`);
  console.log('example               plain p   fuzz random p  runs   fuzz pct p  runs   fixed random p');
  for (const name of EXAMPLES) {
    const dir = join(root, 'examples', name);
    const plain = rate(['check', dir, '--runs', String(RUNS), '--jobs', '2']);
    const random = rate(['fuzz', dir, '--runs', String(RUNS), '--jobs', '2', '--strategy', 'random']);
    const pct = rate(['fuzz', dir, '--runs', String(RUNS), '--jobs', '2', '--strategy', 'pct']);
    const fixed = rate(['fuzz', join(dir, 'fixed'), '--runs', String(RUNS), '--jobs', '2', '--strategy', 'random']);
    for (const d of [dir, join(dir, 'fixed')]) rmSync(join(d, '.conlens'), { recursive: true, force: true });
    const runs = (p) => (p > 0 ? (1 / p).toFixed(2) : '∞');
    console.log(`${name.padEnd(20)} ${plain.toFixed(2).padStart(8)}   ${random.toFixed(2).padStart(12)}  ${runs(random).padStart(4)}   ${pct.toFixed(2).padStart(10)}  ${runs(pct).padStart(4)}   ${fixed.toFixed(2).padStart(14)}`);
  }
}

let ok = true;
if (SECTIONS.has('1') || SECTIONS.has('1a')) ok = slowdown() && ok;
if (SECTIONS.has('1') || SECTIONS.has('1b')) ok = suites() && ok;
if (SECTIONS.has('2')) runsToFailure();
process.exit(ok ? 0 : 1);
