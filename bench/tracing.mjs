// Tracing cost, measured side by side in one run (ratios only; never compare across runs):
//  1. every example's unit suite: loader only vs traced (unit settings: no field events) vs traced
//     with field events (integration settings); median of interleaved rounds;
//  2. a larger real workload — our own static analysis over the examples — plain vs traced;
//  3. transform throughput (lines/s) of transpile-only vs transpile + instrument on a large real
//     TypeScript source (effect's src/ from bench/callgraph's cache when present, else ours);
//  4. trace memory: a run producing ~10^6 events, RSS growth;
//  5. an fs-heavy micro workload (~20k fs calls, each recorded as file/dir accesses) plain vs
//     traced with fields;
//  6. per runner (bench/runners.mjs): the same suites under node:test, Mocha, Jest and Vitest,
//     plain vs traced with the instrumentation cache cold and warm (issue 15).
// Sections 1-5 run with the instrumentation cache off (CONLENS_CACHE=off), so that they measure
// instrumenting and recording on every run, as before the cache; section 6 measures the cache.
// Usage: npm run build && node bench/tracing.mjs   (BENCH_ROUNDS=N to change the rounds,
// BENCH_SECTIONS=1,5 to run only some sections)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { runnersBench } from './runners.mjs';

const root = join(import.meta.dirname, '..');
// As runner/run-command.ts injects it: `--require` of dist/register.cjs.
const register = join(root, 'dist', 'register.cjs');
const require = createRequire(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const scratch = mkdtempSync(join(tmpdir(), 'conlens-bench-tracing-'));
const sections = new Set((process.env.BENCH_SECTIONS ?? '1,2,3,4,5,6').split(','));

function run(cwd, args, trace) {
  const env = { ...process.env, NODE_OPTIONS: `--require=${JSON.stringify(register)}` };
  delete env.NODE_TEST_CONTEXT;
  env.CONLENS_CACHE = 'off';
  if (trace) env.CONLENS_TRACE = JSON.stringify({ root: cwd, depth: 2, locks: [], ...trace, runDir: mkdtempSync(join(scratch, 'run-')) });
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${args.join(' ')} in ${cwd} failed:\n${result.stdout}\n${result.stderr}`);
  return { ms, stdout: result.stdout };
}

try {
  // 1. examples' unit suites
  if (sections.has('1')) {
  console.log(`1. Unit suites of the examples: median of ${ROUNDS} interleaved rounds`);
  console.log('   example                  plain ms   traced ×   +fields ×');
  const ratios = [];
  for (const name of readdirSync(join(root, 'examples')).sort()) {
    const dir = join(root, 'examples', name);
    if (!existsSync(join(dir, 'conlens.config.json'))) continue;
    const files = await glob(['test/unit/*.test.ts'], { cwd: dir });
    const args = ['--test', ...files.sort()];
    const times = { plain: [], traced: [], fields: [] };
    for (let i = 0; i < ROUNDS; i++) {
      times.plain.push(run(dir, args).ms);
      times.traced.push(run(dir, args, { include: ['src/**/*.ts'], fields: false }).ms);
      times.fields.push(run(dir, args, { include: ['src/**/*.ts'], fields: true }).ms);
    }
    const p = median(times.plain);
    const r = [median(times.traced) / p, median(times.fields) / p];
    ratios.push(r);
    console.log(`   ${name.padEnd(24)} ${p.toFixed(0).padStart(8)}   ${r[0].toFixed(2).padStart(7)}   ${r[1].toFixed(2).padStart(8)}`);
  }
  const worst = Math.max(...ratios.map((r) => r[0]));
  console.log(`   worst traced ratio ${worst.toFixed(2)}× (target ≤ 2×: ${worst <= 2 ? 'PASS' : 'MISS'})`);
  const worstFields = Math.max(...ratios.map((r) => r[1]));
  console.log(`   worst traced-with-fields ratio ${worstFields.toFixed(2)}× (target ≤ 2×: ${worstFields <= 2 ? 'PASS' : 'MISS'})`);
  }

  // 2. a larger real workload
  if (sections.has('2')) {
  console.log(`\n2. Larger workload: static analysis of the examples (src/core/static instrumented), median of ${ROUNDS}`);
  const workload = ['bench/workloads/graph-examples.mts'];
  const w = { plain: [], traced: [], fields: [] };
  for (let i = 0; i < ROUNDS; i++) {
    w.plain.push(run(root, workload).ms);
    w.traced.push(run(root, workload, { include: ['src/core/static/**'], fields: false }).ms);
    w.fields.push(run(root, workload, { include: ['src/core/static/**'], fields: true }).ms);
  }
  const wp = median(w.plain);
  console.log(`   plain ${wp.toFixed(0)} ms, traced ${(median(w.traced) / wp).toFixed(2)}×, with fields ${(median(w.fields) / wp).toFixed(2)}×`);
  }

  // 3. transform throughput
  if (sections.has('3')) {
  const { transpileTypeScript } = require(join(root, 'dist', 'transpile.cjs'));
  const effectSrc = join(root, '.conlens', 'bench');
  const effectFiles = existsSync(effectSrc) ? await glob(['effect-*/src/**/*.ts'], { cwd: effectSrc, absolute: true }) : [];
  const files = effectFiles.length ? effectFiles : await glob(['src/**/*.ts'], { cwd: root, absolute: true });
  const sources = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  const lines = sources.reduce((n, s) => n + s.text.split('\n').length, 0);
  const instrument = { file: 'x.ts', fields: true, lockMethods: ['acquire', 'release', 'runExclusive'], acquireMethods: ['acquire'] };
  const throughput = (options) => {
    const start = performance.now();
    for (const s of sources) transpileTypeScript(s.text, s.file, 'module', options && { ...options, file: s.file });
    return lines / ((performance.now() - start) / 1000);
  };
  throughput(undefined); // warm up
  throughput(instrument);
  const plainRate = throughput(undefined);
  const instrumentedRate = throughput(instrument);
  console.log(`\n3. Transform throughput on ${effectFiles.length ? "effect's src/" : 'our src/'} (${files.length} files, ${lines} lines)`);
  console.log(`   transpile only ${(plainRate / 1000).toFixed(1)}k lines/s, transpile + instrument ${(instrumentedRate / 1000).toFixed(1)}k lines/s (target ≥ 30k: ${instrumentedRate >= 30000 ? 'PASS' : 'MISS'})`);
  }

  // 4. trace memory
  if (sections.has('4')) {
  const mem = run(join(root, 'bench', 'workloads'), ['million-events.ts'], { root: join(root, 'bench', 'workloads'), include: ['million-events-subject.ts'], fields: true });
  const plainMem = run(join(root, 'bench', 'workloads'), ['million-events.ts']);
  const traced = JSON.parse(mem.stdout.trim().split('\n').at(-1));
  const plain = JSON.parse(plainMem.stdout.trim().split('\n').at(-1));
  console.log(`\n4. Trace memory: ~10^6 events (200k calls × ENTER, EXIT, 2 writes, 1 read)`);
  console.log(`   RSS growth traced ${traced.rssGrowthMB.toFixed(0)} MB vs plain ${plain.rssGrowthMB.toFixed(0)} MB (target < 200 MB: ${traced.rssGrowthMB < 200 ? 'PASS' : 'MISS'}); time ${(mem.ms / plainMem.ms).toFixed(1)}× plain`);
  }

  // 5. fs-heavy micro workload: every fs call is wrapped (runtime/resources.ts) and recorded
  if (sections.has('5')) {
    const dir = join(root, 'bench', 'workloads');
    const fsRuns = { plain: [], fields: [] };
    for (let i = 0; i < ROUNDS; i++) {
      fsRuns.plain.push(run(dir, ['fs-heavy.mts']).ms);
      fsRuns.fields.push(run(dir, ['fs-heavy.mts'], { root: dir, include: ['fs-heavy-subject.mts'], fields: true }).ms);
    }
    const fp = median(fsRuns.plain);
    console.log(`\n5. fs-heavy micro workload (~20k fs calls: writeFile/stat/readFile/readdir/unlink, sync and promises), median of ${ROUNDS}`);
    console.log(`   plain ${fp.toFixed(0)} ms, traced with fields ${(median(fsRuns.fields) / fp).toFixed(2)}×`);
  }
  // 6. per runner (issue 15): the same suites under node:test, Mocha, Jest and Vitest, plain vs
  // traced with the instrumentation cache cold and warm (bench/runners.mjs)
  if (sections.has('6')) {
    let first = true;
    runnersBench({ rounds: ROUNDS, log: (line) => { console.log(first ? `\n6. ${line}` : line); first = false; } });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
