// Invariant miner benchmark (src/core/invariants): throughput on 10^6 synthetic program-point
// samples in one process, then the miner against Daikon itself on the same traces — the running
// example's unit and integration traces and a larger synthetic trace — exported with
// `conlens export-daikon`: wall time of each, and the justified invariants each reports per point.
// Our side runs with DAIKON_COMPATIBLE options (constants related, no int×double pairs, no
// Modulus), so the two sets are comparable line by line.
//
// Run: npm run build && node bench/invariants.mjs
//   BENCH_SAMPLES=N    synthetic samples for the throughput part (default 1e6)
//   BENCH_CALLS=N      calls in the synthetic trace given to Daikon (default 25000: 50000 records)
//   BENCH_KEEP=1       keep the run folders and Daikon files (printed at the end)
//   DAIKON_CP=...      Daikon's classpath (default /tmp/daikon/classes:/tmp/daikon/java/lib/*)
// The Daikon part is skipped when java or Daikon is missing. Targets: 10^6 samples ≤ 10 s;
// the same justified scalar invariants as Daikon, ≥ 10× faster.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTER, ROOT, runUnderLoader } from './under-loader.mjs';


runUnderLoader(import.meta.url);

const { InvariantMiner, DAIKON_COMPATIBLE, mineInvariants, mineSamples, formatInvariants } = await import('../src/core/invariants/miner.ts');
const { readSamples } = await import('../src/core/trace/read-trace.ts');
const { exportDaikon } = await import('../src/core/trace/daikon-export.ts');
const { runTraced } = await import('../src/core/trace/run-traced.ts');
const { loadConfig } = await import('../src/core/config/index.ts');

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 1e6);
const CALLS = Number(process.env.BENCH_CALLS ?? 25000);
const DAIKON_CP = process.env.DAIKON_CP ?? '/tmp/daikon/classes:/tmp/daikon/java/lib/*';

// ---- a synthetic workload ------------------------------------------------------------------------
// 8 methods of a class Counter; each call is an ENTER and an EXIT sample with 5 fields, 1–2
// parameters, a return value: linear relations, bounds, constants, an object, a string, a
// boolean, a double. Deterministic (LCG).
function* synthetic(calls) {
  let seed = 12345;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const self = { $: 'object', id: 1, cls: 'Counter' };
  const state = { count: 0, step: 1, total: 0, label: 'a', open: true, ratio: 0.5 };
  for (let k = 0; k < calls; k++) {
    const m = k % 8;
    const n = rand(100) - 50;
    const fields = () => ({ this: self, 'this.count': state.count, 'this.step': state.step, 'this.total': state.total, 'this.label': state.label, 'this.open': state.open, 'this.ratio': state.ratio });
    const enter = { ...fields(), n, d: rand(10) };
    let ret;
    switch (m) {
      case 0:
        state.count += 1;
        ret = state.count;
        break;
      case 1:
        state.total += Math.abs(n);
        ret = state.total;
        break;
      case 2:
        state.step = (rand(3) + 1) * 2;
        ret = state.step * 3 + 1;
        break;
      case 3:
        state.label = ['a', 'b', 'c'][rand(3)];
        ret = null;
        break;
      case 4:
        state.open = !state.open;
        ret = state.open;
        break;
      case 5:
        state.ratio = rand(1000) / 1000;
        ret = state.ratio * 2;
        break;
      case 6:
        ret = n + enter.d;
        break;
      default:
        ret = state.count + state.total;
    }
    const exit = { ...fields(), return: ret };
    yield { function: `Counter.m${m}`, file: 'src/counter.ts', kind: 'ENTER', nonce: k + 1, vars: enter, process: 0 };
    yield { function: `Counter.m${m}`, file: 'src/counter.ts', kind: 'EXIT', exitLine: 10 + m, nonce: k + 1, vars: exit, orig: enter, process: 0 };
  }
}

/** Writes the synthetic calls as a real run folder (one trace file), for the export and Daikon. */
function writeRun(dir, calls) {
  mkdirSync(dir, { recursive: true });
  const lines = [JSON.stringify({ e: 'header', format: 'conlens-trace', version: 1, pid: 1, ppid: 0, argv: [], cwd: ROOT, started: new Date().toISOString(), fields: false })];
  for (let m = 0; m < 8; m++) lines.push(JSON.stringify({ e: 'fn', i: m, name: `Counter.m${m}`, file: 'src/counter.ts', line: 10 + m, kind: 'method', async: false }));
  let o = 0;
  for (const s of synthetic(calls)) {
    const f = Number(s.function.slice(9));
    if (s.kind === 'ENTER') lines.push(JSON.stringify({ e: 'en', a: s.nonce, p: null, f, o: ++o, v: s.vars }));
    else lines.push(JSON.stringify({ e: 'ex', a: s.nonce, f, x: s.exitLine, v: s.vars }));
  }
  lines.push(JSON.stringify({ e: 'end', reason: 'exit', code: 0, events: lines.length }));
  writeFileSync(join(dir, 'trace-1.jsonl'), `${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'run.json'), '{}\n');
}

// ---- 1. throughput -------------------------------------------------------------------------------
{
  const miner = new InvariantMiner();
  let values = 0;
  const t0 = process.hrtime.bigint();
  for (const s of synthetic(SAMPLES / 2)) {
    miner.add(s);
    values += Object.keys(s.vars).length + (s.orig ? Object.keys(s.orig).length : 0);
  }
  const set = miner.result();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const invariants = set.points.reduce((n, p) => n + p.invariants.filter((i) => i.justified).length, 0);
  console.log(`throughput: ${miner.samples} samples (${values} variable values) in ${seconds.toFixed(2)} s single core`);
  console.log(`  ${Math.round(miner.samples / seconds).toLocaleString('en-US')} samples/s, ${Math.round(values / seconds).toLocaleString('en-US')} values/s; ${set.points.length} points, ${invariants} justified invariants`);
  console.log(`  ${seconds <= 10 ? 'PASS' : 'MISS'}: 10^6 samples ≤ 10 s (${seconds.toFixed(2)} s for ${miner.samples})`);
}

// ---- 2. against Daikon ---------------------------------------------------------------------------
const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (java.error || !existsSync(DAIKON_CP.split(':')[0])) {
  console.log(`\nDaikon comparison skipped: ${java.error ? 'no java' : `no Daikon at ${DAIKON_CP}`}`);
  process.exit(0);
}

/** Daikon's printed invariants per point (`Name(params):::EXIT` → `Name:::EXIT`). */
function parseDaikon(text) {
  const points = new Map();
  let current;
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    if (lines[k].startsWith('=====')) {
      const name = lines[++k].replace(/\([^()]*\)(?=:::)/, '');
      points.set(name, (current = new Set()));
    } else if (current && lines[k] && !lines[k].startsWith('Exiting Daikon')) current.add(lines[k]);
  }
  return points;
}

function parseOurs(set) {
  const points = new Map();
  for (const p of set.points) points.set(p.point, new Set(p.invariants.filter((i) => i.justified && (i.interesting || !/^(Elt)?(Lower|Upper)Bound/.test(i.kind))).map((i) => i.text)));
  return points;
}

const work = mkdtempSync(join(tmpdir(), 'conlens-bench-inv-'));
try {
  const datasets = [];
  const example = join(ROOT, 'examples', 'running-example');
  for (const suite of ['unit', 'integration']) {
    const run = await runTraced(loadConfig(example), { suite, out: join(work, suite) });
    datasets.push({ name: `running-example ${suite}`, runDir: run.runDir, show: ['SA.func1:::EXIT', 'SA.run:::EXIT', 'SA.func4:::EXIT'] });
  }
  writeRun(join(work, 'synthetic'), CALLS);
  datasets.push({ name: `synthetic ${CALLS * 2} records`, runDir: join(work, 'synthetic'), show: ['Counter.m0:::EXIT', 'Counter.m2:::EXIT', 'Counter.m6:::EXIT'] });

  for (const ds of datasets) {
    const out = join(ds.runDir, 'daikon');
    const exported = await exportDaikon(ds.runDir, out);
    const t0 = performance.now();
    // (cwd: Daikon writes its trace.inv.gz into the current folder.)
    const dk = spawnSync('java', ['-cp', DAIKON_CP, 'daikon.Daikon', '--no_text_output', '--no_show_progress', exported.decls, exported.dtrace], { encoding: 'utf8', maxBuffer: 1 << 28, cwd: out });
    const daikonMs = performance.now() - t0;
    const dkText = spawnSync('java', ['-cp', DAIKON_CP, 'daikon.Daikon', exported.decls, exported.dtrace], { encoding: 'utf8', maxBuffer: 1 << 28, cwd: out }).stdout;
    if (dk.status !== 0) console.log(`Daikon failed on ${ds.name}: ${dk.stderr.slice(0, 400)}`);

    // Ours in-process (reading the same run folder's JSONL) and as a whole process.
    const t1 = performance.now();
    const set = await mineInvariants([ds.runDir], DAIKON_COMPATIBLE);
    const oursMs = performance.now() - t1;
    // Mining alone (samples already in memory): the part this stage owns; reading the JSONL
    // (readSamples) is the rest of the in-process time.
    const inMemory = [];
    await readSamples(ds.runDir, (sample) => inMemory.push(sample));
    const t3 = performance.now();
    mineSamples(inMemory, DAIKON_COMPATIBLE);
    const mineMs = performance.now() - t3;
    const script = `const { mineInvariants, DAIKON_COMPATIBLE } = await import(${JSON.stringify(join(ROOT, 'src/core/invariants/miner.ts'))}); await mineInvariants([${JSON.stringify(ds.runDir)}], DAIKON_COMPATIBLE);`;
    const t2 = performance.now();
    spawnSync(process.execPath, ['--import', REGISTER, '--input-type=module', '-e', script], { cwd: ROOT });
    const oursProcessMs = performance.now() - t2;

    const theirs = parseDaikon(dkText);
    const ours = parseOurs(set);
    let same = 0;
    let onlyDaikon = 0;
    let onlyOurs = 0;
    const diffs = [];
    for (const name of new Set([...theirs.keys(), ...ours.keys()])) {
      const a = theirs.get(name) ?? new Set();
      const b = ours.get(name) ?? new Set();
      for (const t of a) {
        if (b.has(t)) same++;
        else {
          onlyDaikon++;
          diffs.push(`  only Daikon  ${name}: ${t}`);
        }
      }
      for (const t of b) {
        if (!a.has(t)) {
          onlyOurs++;
          diffs.push(`  only ours    ${name}: ${t}`);
        }
      }
    }
    console.log(`\n${ds.name}: ${exported.samples} records, ${exported.points} Daikon points`);
    console.log(`  Daikon ${daikonMs.toFixed(0)} ms (JVM process, reading its .dtrace)`);
    console.log(`  ours   ${oursMs.toFixed(1)} ms read + mine in-process (${(daikonMs / oursMs).toFixed(1)}× faster), of which mining ${mineMs.toFixed(1)} ms (${(daikonMs / mineMs).toFixed(1)}×); ${oursProcessMs.toFixed(0)} ms as a whole node process (${(daikonMs / oursProcessMs).toFixed(1)}×)`);
    console.log(`  justified invariants: ${same} the same, ${onlyDaikon} only Daikon, ${onlyOurs} only ours`);
    for (const line of diffs.slice(0, 25)) console.log(line);
    if (diffs.length > 25) console.log(`  … ${diffs.length - 25} more`);
    for (const point of ds.show) {
      console.log(`  ${point}`);
      console.log(`    Daikon: ${[...(theirs.get(point) ?? [])].join(' | ')}`);
      console.log(`    ours:   ${[...(ours.get(point) ?? [])].join(' | ')}`);
    }
    if (process.env.BENCH_VERBOSE) console.log(formatInvariants(set));
  }
} finally {
  if (process.env.BENCH_KEEP) console.log(`\nkept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
