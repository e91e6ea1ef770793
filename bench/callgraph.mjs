// The static call graph on a large real code base, side by side with the type checker in one run:
//   tsc     node node_modules/typescript/bin/tsc --noEmit -p <effect>/tsconfig.json --listFiles
//   graph   node dist/cli.js graph <effect> --json <tmp file>
// over the TypeScript sources of effect@3.22.4 from the npm registry (src/: 363 files, ~235k lines).
// Both run as child processes under bench/peak-rss.cjs, which reports their peak RSS and CPU time;
// wall time is measured from spawn to exit. Prints both times, the ratio graph/tsc, the graph's call
// sites and the share resolved, and PASS/MISS against the targets:
//   graph time ≤ 1.0× tsc --noEmit (ratio from this run) · ≥ 95 % of call sites resolved · peak RSS ≤ 2 GB
//
// effect is fetched once with `npm pack` into .conlens/bench/effect-3.22.4/ (gitignored, reused),
// with its dependencies (fast-check, @standard-schema/spec) and @types/node (its sources use
// `process`) installed there, so tsc and the graph see the same program. The bench writes that
// folder's tsconfig.json (effect's own strict settings, NodeNext for its `./x.js` imports) and a
// conlens.config.json whose "include" is ["src/**/*.ts"].
//
// BENCH_ROUNDS=N (default 1) repeats both N times, interleaved, alternating which goes first; the
// ratio is then the median of the per-round ratios. Absolute times from different runs are not
// comparable (noisy machines); the ratios are. The time target is judged on wall time; the CPU-time
// ratio (user + system, GC threads included) is printed beside it because it suffers less from other
// load on the machine — when the two disagree a lot, the machine was busy: repeat the run.
// Exit code 1 when a target is missed, 2 when the benchmark could not run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { glob } from 'tinyglobby';

const root = join(import.meta.dirname, '..');
const EFFECT = 'effect@3.22.4';
const cacheRoot = join(root, '.conlens', 'bench');
const project = join(cacheRoot, 'effect-3.22.4');
const tarball = join(cacheRoot, 'effect-3.22.4.tgz');
const cli = join(root, 'dist', 'cli.js');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const preload = join(import.meta.dirname, 'peak-rss.cjs');
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const TARGETS = { ratio: 1.0, resolved: 0.95, rssBytes: 2e9 };
const windows = process.platform === 'win32';

// effect's own compiler settings (its tsconfig.base.json) as far as they affect checking.
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUnusedLocals: true,
    noFallthroughCasesInSwitch: true,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    moduleDetection: 'force',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['src/**/*.ts'],
};
const CONLENS_CONFIG = { include: ['src/**/*.ts'] };

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, shell: options.shell ?? false, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status, signal) =>
      resolve({ status, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

async function mustRun(what, command, args, options) {
  const result = await run(command, args, options);
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal}):\n${result.stderr || result.stdout}`);
  return result;
}

/** effect's sources and dependencies in the cache folder, fetched the first time. */
async function prepareEffect() {
  mkdirSync(cacheRoot, { recursive: true });
  if (!existsSync(join(project, 'src', 'Effect.ts'))) {
    if (!existsSync(tarball)) {
      console.log(`Fetching ${EFFECT} with npm pack …`);
      await mustRun('npm pack', 'npm', ['pack', EFFECT, '--pack-destination', cacheRoot, '--silent'], { cwd: cacheRoot, shell: windows });
    }
    const partial = `${project}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial);
    await mustRun('tar', 'tar', ['xzf', tarball, '-C', partial, '--strip-components=1']);
    rmSync(project, { recursive: true, force: true });
    renameSync(partial, project);
  }
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  const needed = [...Object.keys(manifest.dependencies ?? {}), '@types/node'];
  const missing = needed.filter((name) => !existsSync(join(project, 'node_modules', ...name.split('/'), 'package.json')));
  if (missing.length) {
    console.log(`Installing effect's dependencies (${needed.join(', ')}) into ${relative(root, project)} …`);
    // `npm install <pkg>` installs the folder's dependencies too; nothing is saved.
    await mustRun(
      'npm install',
      'npm',
      ['install', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', '@types/node@20'],
      { cwd: project, shell: windows },
    );
  }
  writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  writeFileSync(join(project, 'conlens.config.json'), `${JSON.stringify(CONLENS_CONFIG, null, 2)}\n`);
  return manifest.version;
}

/** One child process: wall time from spawn to exit, peak RSS and CPU time from the preload. */
async function measure(args, usageFile) {
  rmSync(usageFile, { force: true });
  const start = performance.now();
  const result = await run(process.execPath, ['-r', preload, ...args], {
    cwd: project,
    env: { ...process.env, CONLENS_PEAK_RSS_FILE: usageFile },
  });
  const ms = performance.now() - start;
  const usage = existsSync(usageFile) ? JSON.parse(readFileSync(usageFile, 'utf8')) : { maxRSS: NaN, cpuMs: NaN };
  return { ...result, ms, rss: usage.maxRSS, cpuMs: usage.cpuMs };
}

const fmtInt = (n) => n.toLocaleString('en-US');
const fmtS = (ms) => `${(ms / 1000).toFixed(1)} s`;
const fmtMB = (bytes) => (Number.isFinite(bytes) ? `${fmtInt(Math.round(bytes / 1e6))} MB` : '?');
const pct = (x) => `${(100 * x).toFixed(1)} %`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const table = (rows, align) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r) => r.map((c, i) => (align[i] === 'r' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('   ').trimEnd())
    .join('\n');
};

if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(2);
}
let version;
try {
  version = await prepareEffect();
} catch (error) {
  console.error(`cannot prepare ${EFFECT}: ${error.message}`);
  process.exit(2);
}
const srcFiles = await glob(['src/**/*.ts'], { cwd: project, absolute: true });

// Warm the page cache so that whichever tool runs first does not pay for the disk alone.
for (const file of [...srcFiles, ...(await glob(['node_modules/**/*.d.ts'], { cwd: project, absolute: true }))]) readFileSync(file);
for (const file of await glob(['lib*.d.ts'], { cwd: join(root, 'node_modules', 'typescript', 'lib'), absolute: true })) readFileSync(file);

const work = mkdtempSync(join(tmpdir(), 'conlens-bench-callgraph-'));
const rounds = [];
let analysis;
let tscFiles;
try {
  const jsonFile = join(work, 'graph.json');
  const tools = {
    tsc: { label: 'tsc --noEmit', args: [tsc, '--noEmit', '-p', join(project, 'tsconfig.json'), '--listFiles'] },
    graph: { label: 'conlens graph', args: [cli, 'graph', project, '--json', jsonFile] },
  };
  const load = () => `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs`;
  console.log(`effect@${version} src/: ${srcFiles.length} files — ${ROUNDS} round(s), tsc and graph interleaved; ${load()}\n`);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['tsc', 'graph'] : ['graph', 'tsc'];
    const results = {};
    for (const name of order) {
      process.stdout.write(`  round ${round + 1}: ${tools[name].label} … `);
      const result = await measure(tools[name].args, join(work, `${name}.usage.json`));
      process.stdout.write(`${fmtS(result.ms)}\n`);
      if (name === 'tsc') {
        const errors = result.stdout.split('\n').filter((l) => /error TS\d+/.test(l));
        if (result.status !== 0 && errors.length === 0) throw new Error(`tsc failed (exit ${result.status ?? result.signal}):\n${result.stderr || result.stdout}`);
        if (errors.length) console.log(`  warning: tsc reported ${errors.length} type errors, e.g.\n    ${errors.slice(0, 5).join('\n    ')}`);
        const prefix = `${project}${sep}src${sep}`.split(sep).join('/');
        tscFiles = result.stdout
          .split('\n')
          .map((l) => l.trim().split(sep).join('/'))
          .filter((l) => l.startsWith(prefix) && !l.endsWith('.d.ts'));
      } else {
        if (result.status !== 0) throw new Error(`conlens graph failed (exit ${result.status ?? result.signal}):\n${result.stderr}`);
        analysis = JSON.parse(readFileSync(jsonFile, 'utf8'));
      }
      results[name] = result;
    }
    rounds.push({ order, tsc: results.tsc, graph: results.graph, ratio: results.graph.ms / results.tsc.ms, cpuRatio: results.graph.cpuMs / results.tsc.cpuMs });
  }
  console.log(`  (${load()} at the end)`);
} catch (error) {
  console.error(`\n${error.message}`);
  process.exitCode = 2;
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (process.exitCode === 2) process.exit();

const s = analysis.stats;
const resolvedShare = s.resolved / s.callSites;
const ratio = median(rounds.map((r) => r.ratio));
const cpuRatio = median(rounds.map((r) => r.cpuRatio));
const graphRss = Math.max(...rounds.map((r) => r.graph.rss));
const tscRss = Math.max(...rounds.map((r) => r.tsc.rss));

// Same files: tsc's program (--listFiles) and the graph's scope are both exactly src/**/*.ts.
const expected = new Set(srcFiles.map((f) => f.split(sep).join('/')));
const sameFiles = tscFiles.length === expected.size && tscFiles.every((f) => expected.has(f)) && s.files === expected.size;
console.log(`\n${EFFECT} src/: ${fmtInt(s.files)} files, ${fmtInt(s.lines)} lines; tsc checked ${fmtInt(tscFiles.length)} files of src/, the graph ${fmtInt(s.files)}`);
if (!sameFiles) console.log(`  warning: tsc and the graph did not analyse exactly src/**/*.ts (${expected.size} files)`);
console.log('');
const rows = [['round', 'tool', 'wall time', 'graph / tsc', 'CPU time', 'graph / tsc', 'peak RSS']];
rounds.forEach((r, i) => {
  for (const name of r.order) {
    const m = r[name];
    const graph = name === 'graph';
    rows.push([String(i + 1), graph ? 'conlens graph' : 'tsc --noEmit', fmtS(m.ms), graph ? `${r.ratio.toFixed(2)}×` : '', fmtS(m.cpuMs), graph ? `${r.cpuRatio.toFixed(2)}×` : '', fmtMB(m.rss)]);
  }
});
console.log(table(rows, ['r', 'l', 'r', 'r', 'r', 'r', 'r']));
if (rounds.length > 1) console.log(`median ratio graph / tsc over ${rounds.length} rounds: ${ratio.toFixed(2)}× wall, ${cpuRatio.toFixed(2)}× CPU`);
if (Math.abs(Math.log(ratio / cpuRatio)) > Math.log(1.25)) {
  console.log(`warning: the wall-time and CPU-time ratios differ by more than 25 %: other load on the machine distorted the timing; repeat the run`);
}

console.log('');
console.log(
  table(
    [
      ['call graph', ''],
      ['call sites', fmtInt(s.callSites)],
      ['resolved by the checker', `${fmtInt(s.resolved)} (${pct(resolvedShare)})`],
      ['in scope (became edges)', `${fmtInt(s.inScope)} (${pct(s.inScope / s.callSites)})`],
      ['distinct edges', `${fmtInt(analysis.edges.length)} (${fmtInt(s.dispatched)} call sites rewritten by dispatch)`],
      ['functions', fmtInt(s.functions)],
      ['files / lines', `${fmtInt(s.files)} / ${fmtInt(s.lines)}`],
      ['graph lines/s', fmtInt(Math.round(s.lines / (median(rounds.map((r) => r.graph.ms)) / 1000)))],
    ],
    ['l', 'l'],
  ),
);

const checks = [
  ['graph time ≤ 1.0× tsc --noEmit', `${ratio.toFixed(2)}× wall (${cpuRatio.toFixed(2)}× CPU)`, ratio <= TARGETS.ratio],
  ['call sites resolved ≥ 95 %', pct(resolvedShare), resolvedShare >= TARGETS.resolved],
  ['graph peak RSS ≤ 2 GB', `${fmtMB(graphRss)} (tsc ${fmtMB(tscRss)})`, graphRss <= TARGETS.rssBytes],
];
console.log('');
console.log(table([['target', 'measured', ''], ...checks.map(([t, m, ok]) => [t, m, ok ? 'PASS' : 'MISS'])], ['l', 'r', 'l']));
process.exitCode = checks.every(([, , ok]) => ok) ? 0 : 1;
