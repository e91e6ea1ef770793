import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { loadConfig } from '../../core/config/index.js';
import { RankInputError, rankProject, writeShard, type RankOptions } from '../../core/pipeline/index.js';
import { fuzz, parseShard, type Shard } from '../../core/active/index.js';
import type { LoadedConfig } from '../../core/config/index.js';
import type { Report } from '../../core/report/report-types.js';
import { formatReport } from '../../core/report/format-report.js';
import { toSarif } from '../../core/report/sarif.js';
import packageJson from '../../../package.json';
import { printWarnings, commandsStart } from '../print-config.js';
import { runsExitCode, UsageError, EXIT_USAGE } from '../exit-codes.js';
import { notCheckedLines } from '../../core/active/outcome.js';
import { positiveInteger, strategyOf, testsNamed, type Subcommand } from '../subcommand.js';
import { tracesNotice } from '../traces-notice.js';

export const rankCommand: Subcommand = {
  name: 'rank',
  summary: 'rank suspicious functions: unit vs scheduled integration runs, failure invariants, S_rate (004)',
  help: `Usage: conlens rank [dir] [--strategy combined|random|pct|atomfuzzer|assetfuzzer|systematic] [--runs N] [--seed S] [--jobs J] [--isolate-budget N] [--shard K/M] [--json FILE] [--sarif FILE] [--progress text|json] [--test PATTERN] [--all] [--config FILE]

The main job (Wang et al., 004 §IV): builds the call graph; runs the unit tests
traced and mines reference invariants; runs the integration tests N times under
the controlled scheduler (seeds S, S+1, …) and mines online invariants, keeping
any real violation with its replay seed; diffs them into failure invariants,
reduces them on the call graph (eqs. 4-6), computes failure flags, searches the
graph and ranks positions by S_rate = depth / order, counted from the root: the
configured "roots", or else the integration test itself (each call it makes
counts from order 1, depth 1). Each position says whether a real violation
confirmed it (the failing interleaving ran through its code: deadlock cycle,
stale read, update cut in two) or it is invariant drift only; confirmed
positions rank first. Each function has one row: between positions and
candidates of the same function fold into it (listed under "via"). The report
is also written to .conlens/report.json, with its outcome: checked, finding
or not-checked.

Options:
  --strategy S    scheduler strategy: combined (default: systematic while
                  its levels fit in N runs, then random; a shard without
                  --strategy runs random), random (003 Alg. 1), pct,
                  atomfuzzer (003 Alg. 2), assetfuzzer (001 phases I + II)
                  or systematic (every schedule with ≤ 2 preemptions, up to
                  N runs; the report says which bound it exhausted)
  --runs N        integration runs (default: integration.runs from the config)
  --test PATTERN  run only the integration tests whose name matches PATTERN
                  (the runner's own filter: node --test-name-pattern, jest -t,
                  vitest -t, mocha --grep, tap --grep; ava --match with a
                  plain part of the title); the unit tests all run
  --seed S        first seed (default 1)
  --jobs J        runs in parallel (default 1)
  --isolate-budget N  schedule isolation (Choi & Zeller): when a run failed,
                  replay at most N candidate schedules to narrow its schedule
                  to the preemption the failure needs; the function it
                  suspended ranks first (default 16; 0: no isolation)
  --shard K/M     run only shard K of M of the integration runs (the seeds s
                  with s mod M = K − 1) and write them, traces included, to
                  .conlens/shards/<name>/; conlens merge, given the M folders,
                  does the rest and writes the report the unsharded rank would
  --json FILE     also write the report as JSON ("-" for standard output)
  --sarif FILE    also write the report as SARIF 2.1.0 (one result per position
                  and per violation)
  --progress P    text (default): one line per stage on stderr; json: one JSON
                  line per stage and run on stderr, {"type":"progress","stage",
                  "message","percent"}, then {"type":"result","report":PATH,
                  "outcome":O} (O: checked, finding or not-checked) or, when
                  rank cannot go on, {"type":"error","message"}
  --explain       print the ranking in the papers' terms: call order, depth,
                  S_rate, failure flags (EN, EX), the failure invariants as
                  <reference, online> pairs with their 004 relationship
                  (DJJ, JM, MJ…), and why each position ranks where it does
                  (004 IV-F's case, tie rules); the default text says the
                  same in your code's terms. JSON and SARIF always have both
  --all           also show the failure invariants the noise rules hid
                  (object identities, per-run fixtures such as temp paths,
                  ids, ports, timestamps, and Node core fields such as
                  EventEmitter's _events); --json always includes them,
                  each marked with its rule
  --synthesize    run tests synthesized from the unit tests (conlens synth:
                  INTRUDER and He et al., with the linearization oracle) as the
                  integration suite; rank does so anyway when no "integration"
                  command is configured. Each violation then carries the
                  oracle's verdict
  --exit-zero     exit 0 on a confirmed finding (a run failed); a rank that
                  could not check still exits 2
  --config FILE   use this configuration file instead of looking in dir
  -h, --help      show this help

Each function on the list says why it is there and what its runs showed; each
failure is told as its story (which task read what, awaited where, which task
wrote meanwhile, file:line per step), then how to replay it.
Positions come in evidence tiers: the function owning the atomic region a
violation interrupted, the conflicting writer, the other functions the
violation implicates, then functions with failure invariants only (drift);
S_rate orders each tier.

Exit codes: 0 checked and nothing confirmed (the integration runs executed
tests that ran concurrent work, and none failed; invariant drift alone is
reported, not failed), 1 a confirmed finding (a run failed), 2 could not
check: bad usage or configuration, unit tests that fail, or integration runs
that checked nothing concurrent — no run, no test executed (none found, all
skipped), none of the code under "include" called, or no concurrent work (no
two tasks ever alive at once). Then rank never says "no suspicious position":
it says what was not checked, why and what to do; report.json has "outcome":
"not-checked" and "notChecked", and the SARIF no results but a notification.
Integration runs that hang are reported (warning and violation) and the
ranking goes on.`,
  options: { progress: { type: 'string' }, sarif: { type: 'string' }, strategy: { type: 'string' }, runs: { type: 'string' }, seed: { type: 'string' }, jobs: { type: 'string' }, 'isolate-budget': { type: 'string' }, json: { type: 'string' }, shard: { type: 'string' }, 'exit-zero': { type: 'boolean' }, all: { type: 'boolean' }, explain: { type: 'boolean' }, synthesize: { type: 'boolean' }, config: { type: 'string' }, test: { type: 'string' } },
  async run(values, positionals) {
    const strategy = strategyOf(values.strategy, 'rank', values.shard !== undefined);
    const seedText = values.seed as string | undefined;
    const seed = seedText === undefined ? 1 : Number(seedText);
    if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got "${seedText}"`, 'rank');
    const loaded = testsNamed(loadConfig(positionals[0] ?? '.', values.config as string | undefined), values.test, 'rank');
    if (values.test !== undefined && values.synthesize === true) throw new UsageError('--test selects integration tests by name; it cannot be combined with --synthesize', 'rank');
    printWarnings(loaded.warnings);
    // No unit command is rank's own first error (rankProject says what to add).
    if (loaded.config.unit && !(await commandsStart(loaded))) return EXIT_USAGE;
    const runs = positiveInteger(values.runs, '--runs', 'rank') ?? loaded.config.integration?.runs ?? 20;
    const jobs = positiveInteger(values.jobs, '--jobs', 'rank') ?? 1;
    const budgetText = values['isolate-budget'] as string | undefined;
    const isolateBudget = budgetText === undefined ? undefined : Number(budgetText);
    if (isolateBudget !== undefined && (!Number.isInteger(isolateBudget) || isolateBudget < 0)) throw new UsageError(`--isolate-budget must be a whole number ≥ 0, got "${budgetText}"`, 'rank');
    const toStdout = values.json === '-';
    const log = (line: string) => (toStdout ? process.stderr : process.stdout).write(`${line}\n`);
    const progress = (values.progress as string | undefined) ?? 'text';
    if (progress !== 'text' && progress !== 'json') throw new UsageError(`--progress must be text or json, got "${progress}"`, 'rank');
    if (values.shard !== undefined) {
      let shard: Shard;
      try {
        shard = parseShard(String(values.shard));
      } catch (error) {
        throw new UsageError((error as Error).message, 'rank');
      }
      return rankShard(loaded, { strategy, runs, seed, jobs }, shard, log);
    }
    return rankAndReport(loaded, { strategy, runs, seed, jobs, synthesize: values.synthesize === true, ...(isolateBudget !== undefined ? { isolateBudget } : {}) }, values, progress);
  },
};

/** rank --shard: only this shard's integration runs, written with their traces for conlens merge. */
async function rankShard(loaded: LoadedConfig, options: { strategy: RankOptions['strategy']; runs: number; seed: number; jobs: number }, shard: Shard, log: (line: string) => void): Promise<number> {
  if (!loaded.config.unit) throw new UsageError(`${loaded.file}: no "unit" command: the merge of the shards mines reference invariants from it; add { "unit": { "command": "…" } }`, 'rank');
  if (!loaded.config.integration) throw new UsageError(`${loaded.file}: no "integration" command configured; add { "integration": { "command": "…" } }`, 'rank');
  log(`${loaded.root}: integration runs of shard ${shard.index}/${shard.count} (the seeds s of ${options.seed}…${options.seed + options.runs - 1} with s mod ${shard.count} = ${shard.index - 1}), strategy ${options.strategy}`);
  const result = await fuzz(loaded, { ...options, shard, onRun: (o) => log(`  seed ${String(o.seed).padEnd(10)} ${o.outcome}${o.message ? `  ${o.message.slice(0, 100)}` : ''}`) });
  const folder = writeShard(loaded, packageJson.version, 'rank', { strategy: options.strategy, seed: options.seed, runs: options.runs }, shard, result);
  if (result.notChecked) for (const line of notCheckedLines(result.notChecked)) log(line);
  log(`shard ${shard.index}/${shard.count}: ${result.runs} run(s), ${result.violations} violation(s) → ${relative(process.cwd(), folder) || '.'}; conlens merge ranks once all ${shard.count} shards are in .conlens/shards/`);
  return runsExitCode(result);
}

/** Runs the rank pipeline and writes its outputs as `conlens rank` does (also for conlens merge
 *  of rank shards, with `options.integration` set). */
export async function rankAndReport(loaded: LoadedConfig, options: Omit<RankOptions, 'onProgress'>, values: Record<string, string | boolean | undefined>, progress = 'text'): Promise<number> {
  const toStdout = values.json === '-';
  const log = (line: string) => (toStdout ? process.stderr : process.stdout).write(`${line}\n`);
  let lastStage = '';
  let report: Report;
  try {
    report = await rankProject(loaded, {
      ...options,
      onProgress: (p) => {
        if (progress === 'json') process.stderr.write(`${JSON.stringify({ type: 'progress', stage: p.stage, message: p.message, percent: p.percent })}\n`);
        else if (p.stage !== lastStage) process.stderr.write(`conlens: ${p.stage} (${p.message})…\n`);
        lastStage = p.stage;
      },
    });
  } catch (error) {
    // The editor reads stderr line by line: end the stream with a line it can show.
    if (progress === 'json') process.stderr.write(`${JSON.stringify({ type: 'error', message: error instanceof Error ? error.message : String(error) })}\n`);
    if (error instanceof RankInputError) throw new UsageError(error.message, 'rank', false);
    throw error;
  }
  const reportDir = join(loaded.root, '.conlens');
  mkdirSync(reportDir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(join(reportDir, 'report.json'), json);
  if (values.json && !toStdout) writeFileSync(values.json as string, json);
  if (values.sarif) writeFileSync(values.sarif as string, `${JSON.stringify(toSarif(report, { toolVersion: packageJson.version }), null, 2)}\n`);
  if (toStdout) process.stdout.write(json);
  for (const w of report.warnings) process.stderr.write(`conlens: warning: ${w}\n`);
  log(formatReport(report, { all: values.all === true, explain: values.explain === true }).trimEnd());
  // Relative when under the current folder, else absolute as the replay lines are (trial18: "../../tmp/b/…").
  const reportFile = join(reportDir, 'report.json');
  const shown = relative(process.cwd(), reportFile);
  log(`\nreport: ${shown.startsWith('..') || isAbsolute(shown) ? reportFile : shown}`);
  const traces = tracesNotice(loaded.root);
  if (traces) log(traces);
  if (progress === 'json') process.stderr.write(`${JSON.stringify({ type: 'result', report: join(reportDir, 'report.json'), ...(report.outcome ? { outcome: report.outcome } : {}) })}\n`);
  // Issue 14: a run that failed is a finding (1); drift alone is reported, not failed (0).
  // Issue 29: a rank that checked nothing concurrent is neither (2, whatever --exit-zero says).
  return runsExitCode({ outcome: report.outcome, violations: report.summary.violations }, values['exit-zero'] === true);
}
