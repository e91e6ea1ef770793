// `conlens rank` benchmark: on every example, the time of each stage of the 004 pipeline
// (call graph, unit runs, reference invariants, integration runs under the scheduler, online
// invariants, localize) and the total, against running the same test commands plainly the same
// number of times (the unit command once, the integration command N times, J at a time — what
// rank runs, as `conlens check` runs them: with the TypeScript loader only, without tracing and
// without the scheduler). One table; the ratio's goal is ≤ 3×. "plain failed": plain runs that
// failed (the bugs show without the scheduler too, now and then).
//
// Run: npm run build && node bench/rank/rank.mjs
//   BENCH_RUNS=N       integration runs per example (default 10)
//   BENCH_JOBS=J       runs in parallel, for both sides (default 2)
//   BENCH_EXAMPLES=a,b only these examples (default: every examples/* with a conlens.config.json)
//   BENCH_STRATEGY=S   the scheduler strategy rank uses: combined (default, rank's own),
//                      systematic, random, pct or atomfuzzer — to compare a strategy's cost and
//                      its rank 1 with the default's
// Each example is measured rank first, then plain, in the same process; the machine is shared,
// so compare the ratios, not absolute times across runs.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runUnderLoader } from '../under-loader.mjs';

runUnderLoader(import.meta.url);

const { loadConfig } = await import('../../src/core/config/index.ts');
const { rankProject, RANK_STAGES } = await import('../../src/core/pipeline/index.ts');
const { runCommand } = await import('../../src/core/runner/run-command.ts');

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const JOBS = Number(process.env.BENCH_JOBS ?? 2);
const STRATEGY = process.env.BENCH_STRATEGY ?? 'combined';
if (!['combined', 'systematic', 'random', 'pct', 'atomfuzzer'].includes(STRATEGY)) throw new Error(`BENCH_STRATEGY must be combined, systematic, random, pct or atomfuzzer, got "${STRATEGY}"`);
const only = process.env.BENCH_EXAMPLES?.split(',').filter(Boolean);
const examples = readdirSync(join(ROOT, 'examples'))
  .filter((n) => existsSync(join(ROOT, 'examples', n, 'conlens.config.json')))
  .filter((n) => !only || only.includes(n))
  .sort();

/** The configured commands as `conlens check` runs them: the user's command with only our
 *  TypeScript loader (the examples' tests are .ts; Node 20 cannot run them alone) — no tracing,
 *  no scheduler. The unit command once, the integration command RUNS times, JOBS at a time. */
async function plainSuite(loaded) {
  const started = performance.now();
  const run = (suite) => runCommand({ label: `${suite}.command`, spec: loaded.config[suite].command, cwd: loaded.root, timeoutMs: loaded.config.timeoutMs });
  const unit = await run('unit');
  let failed = unit.passed ? 0 : 1;
  let next = 0;
  const worker = async () => {
    while (next++ < RUNS) if (!(await run('integration')).passed) failed++;
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, RUNS) }, worker));
  return { ms: performance.now() - started, failed };
}

const stages = RANK_STAGES.map((s) => s.stage);
const rows = [];
for (const name of examples) {
  const dir = join(ROOT, 'examples', name);
  const loaded = loadConfig(dir);
  const timings = {};
  const started = performance.now();
  const report = await rankProject(loaded, { strategy: STRATEGY, runs: RUNS, seed: 1, jobs: JOBS, timings });
  const total = performance.now() - started;
  const { ms: base, failed } = await plainSuite(loaded);
  rmSync(join(dir, '.conlens'), { recursive: true, force: true });
  const first = report.positions[0];
  rows.push([name, ...stages.map((s) => ((timings[s] ?? 0) / 1000).toFixed(2)), (total / 1000).toFixed(1), (base / 1000).toFixed(1), `${(total / base).toFixed(2)}×`, String(failed), first ? first.function : '-']);
  process.stderr.write(`${name}: ${(total / 1000).toFixed(1)} s vs ${(base / 1000).toFixed(1)} s plain\n`);
}

const header = ['example', ...stages, 'rank s', 'plain s', 'ratio', 'plain failed', 'rank 1'];
const totalRank = rows.reduce((n, r) => n + Number(r[header.indexOf('rank s')]), 0);
const totalPlain = rows.reduce((n, r) => n + Number(r[header.indexOf('plain s')]), 0);
rows.push(['all', ...stages.map(() => ''), totalRank.toFixed(1), totalPlain.toFixed(1), `${(totalRank / totalPlain).toFixed(2)}×`, '', '']);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
console.log(`conlens rank (${STRATEGY}) vs the same test commands run plainly: ${RUNS} integration runs + 1 unit run, ${JOBS} at a time (stage times in s)`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of rows) console.log(line(r));
const ratio = totalRank / totalPlain;
console.log(`\noverall ratio ${ratio.toFixed(2)}× — ${ratio <= 3 ? 'PASS' : 'MISS'} (goal ≤ 3×)`);
