// `conlens fuzz` / `conlens replay`: run the integration command under the controlled scheduler
// (runtime/scheduler.ts), N times with seeds S, S+1, … (003 §2: independent invocations with
// different seeds), J at a time; classify each run (violation.ts) and write violation.json for
// every run that showed one. A replay runs once, following a violation's recorded decisions (or
// a seed and strategy again), and says whether the same failure happened.
import { join } from 'node:path';
import type { LoadedConfig } from '../config/config-types.js';
import type { ScheduleSettings, StrategyName } from '../instrument/instrument-config.js';
import { NoCommandError, runTraced, type TracedRun } from '../trace/run-traced.js';
import { atomicBlocks } from './atomic-blocks.js';
import { phaseOne, targetOf, type AssetFuzzerPlan, type SerializabilityOutcome } from './assetfuzzer.js';
import { shardRunIndexes, type Shard } from './shard.js';
import { fuzzScope, fuzzVerdict, type NotChecked, type Outcome, type RunChecked } from './outcome.js';
import { searchSchedules, statementOf, type Schedule, type SystematicSummary } from './systematic.js';
import { analyzeRun, sumAtomCounts, writeViolation, type AtomCounts, type RunAnalysis, type Violation, type ViolationKind } from './violation.js';
import { libraryAwaits } from './library-awaits.js';

/** `combined` (issue 32): the systematic search first, random runs for the rest of the budget
 *  (systematic.ts searchShare); each run is one of the two strategies. */
export type FuzzStrategy = Exclude<StrategyName, 'replay'> | 'combined';

/** rank's and fuzz's strategy when none is asked for (issue 32; measured in bench/README.md). */
export const DEFAULT_STRATEGY: FuzzStrategy = 'combined';
/** The strategies a search drives (no shard: each schedule depends on the runs before it). */
export const SEARCH_STRATEGIES: readonly FuzzStrategy[] = ['systematic', 'combined'];

export interface FuzzOptions {
  strategy: FuzzStrategy;
  runs: number;
  seed: number;
  jobs?: number;
  /** PCT bug depth d (default 3). */
  depth?: number;
  /** PCT's expected steps k; default: measured by the first run. */
  steps?: number;
  stallMs?: number;
  settleMs?: number;
  /** Put each run's folder under this folder (default .conlens/runs/<run-id>). */
  out?: string;
  signal?: AbortSignal;
  onRun?: (outcome: FuzzRunOutcome) => void;
  /** Run only this shard's seeds (shard.ts); the others belong to other machines. */
  shard?: Shard;
  /** systematic: the preemption bound (default 2), and whether the reduction prunes (default). */
  preemptions?: number;
  reduce?: boolean;
  /** Start no run once one failed (benchmarks: schedules to the first failure). */
  untilFirst?: boolean;
}

export interface FuzzRunOutcome {
  run: number;
  seed: number;
  outcome: 'pass' | ViolationKind;
  message?: string;
  steps: number;
  /** Of its steps, the decisions with two or more candidates ready (absent in older shards). */
  choices?: number;
  durationMs: number;
  runDir: string;
  /** violation.json, for a run that showed one. */
  violationFile?: string;
  /** atomfuzzer: the run's warnings and errors (003 §2.2). */
  atom?: AtomCounts;
  /** assetfuzzer: the potential violation the run aimed at (its id), and whether it was realised. */
  target?: string;
  realised?: boolean;
  /** What the run exercised at all: absent in shards of older versions. */
  checked?: RunChecked;
  /** A pass that is no evidence: the run ran out of time while still working (violation.ts). */
  inconclusive?: string;
  /** systematic: the schedule's preemptions. */
  preemptions?: number;
  /** combined: which of its two strategies ran this run. */
  strategy?: 'systematic' | 'random';
}

export interface FuzzResult {
  strategy: FuzzStrategy;
  seed: number;
  runs: number;
  violations: number;
  /** violations / runs. */
  detectionRate: number;
  byKind: Partial<Record<ViolationKind, number>>;
  outcomes: FuzzRunOutcome[];
  firstViolation?: Violation;
  /** atomfuzzer: its atomic blocks (name → where it came from) and its three outputs summed over
   *  the runs — warnings, errors (atomicity violations created) and bugs (runs that failed). */
  atomfuzzer?: { blocks: Record<string, string>; warnings: number; errors: number; commuting: number; bugs: number };
  /** A sharded run: the shard whose seeds these are (`conlens merge` puts the shards together). */
  shard?: Shard;
  /** assetfuzzer: phase I's atomic sets and potential violations, and what phase II made of each
   *  — realised in how many runs, failing (bugs) or not (harmless non-serializable interleavings). */
  assetfuzzer?: AssetFuzzerSummary;
  /** checked, finding or not-checked (outcome.ts), with what was not checked and why. */
  outcome?: Outcome;
  notChecked?: NotChecked;
  /** systematic, combined: how far the preemption-bounded search got — its bounded guarantee
   *  (combined: and the random runs after it). */
  systematic?: SystematicSummary;
}

export interface AssetFuzzerSummary {
  atomicSets: AssetFuzzerPlan['atomicSets'];
  phaseOneMs: number;
  phaseOneRun: string;
  violations: SerializabilityOutcome[];
  realised: number;
  bugs: number;
  harmless: number;
}

export async function runSchedule(loaded: LoadedConfig, schedule: ScheduleSettings, out: string | undefined, signal?: AbortSignal): Promise<{ run: TracedRun; analysis: RunAnalysis }> {
  if (!loaded.config.integration) throw new NoCommandError(`${loaded.file}: no "integration" command configured; add { "integration": { "command": "…" } }`);
  // Every scheduled run (fuzz, replay, isolate) runs a library's at-once promise promptly (FA1).
  const prompts = schedule.prompts ?? libraryAwaitsOf(loaded);
  const run = await runTraced(loaded, { suite: 'integration', out, schedule: prompts.length ? { ...schedule, prompts } : schedule, signal });
  const analysis = await analyzeRun(run, schedule.strategy, schedule.seed);
  return { run, analysis };
}

const libraryAwaitCache = new WeakMap<LoadedConfig, string[]>();
/** The project's awaits of a library's call (library-awaits.ts), once per configuration. */
function libraryAwaitsOf(loaded: LoadedConfig): string[] {
  let sites = libraryAwaitCache.get(loaded);
  if (!sites) libraryAwaitCache.set(loaded, (sites = libraryAwaits(loaded)));
  return sites;
}

/** ATOMFUZZER's atomic blocks by static name: the config's `atomic`, every function marked
 *  `/** @atomic *\/` and the check-then-act methods (atomic-blocks.ts). */
export function atomicNames(loaded: LoadedConfig): string[] {
  return atomicBlocks(loaded).names;
}

function atomfuzzerSettings(loaded: LoadedConfig): Pick<ScheduleSettings, 'atomic' | 'entries'> {
  const blocks = atomicBlocks(loaded);
  return { atomic: blocks.names, entries: blocks.entries };
}

export async function fuzz(loaded: LoadedConfig, options: FuzzOptions): Promise<FuzzResult> {
  const outcomes: FuzzRunOutcome[] = new Array(options.runs);
  const violations: (Violation | undefined)[] = new Array(options.runs);
  let steps = options.steps;
  const blocks = options.strategy === 'atomfuzzer' ? atomicBlocks(loaded) : undefined;
  // 001 phase I: one plain traced run, its potential violations; each run of phase II aims at one.
  const plan = options.strategy === 'assetfuzzer' ? await phaseOne(loaded, { signal: options.signal, ...(options.out ? { out: join(options.out, 'assetfuzzer-phase-1') } : {}) }) : undefined;
  const combined = options.strategy === 'combined';
  const bound = options.preemptions ?? 2;
  const one = async (index: number, systematic?: Schedule) => {
    const seed = options.seed + index;
    const target = plan ? targetOf(plan, seed) : undefined;
    const schedule: ScheduleSettings = {
      strategy: combined ? (systematic ? 'systematic' : 'random') : (options.strategy as Exclude<FuzzStrategy, 'combined'>),
      // A search's schedules replay each other's prefixes: they draw one Math.random sequence (the
      // search's seed; runtime strategy.ts), so random mock delays do not move the prefix. The seed
      // does not choose a systematic schedule; its violation.json keeps this one for its replay.
      seed: systematic ? options.seed : seed,
      ...(systematic ? { replay: systematic.prefix } : {}),
      ...(target ? { targets: [target] } : {}),
      ...(options.strategy === 'pct' ? { depth: options.depth ?? 3, steps: steps ?? 50 } : {}),
      ...(blocks ? { atomic: blocks.names, entries: blocks.entries } : {}),
      ...(options.stallMs !== undefined ? { stallMs: options.stallMs } : {}),
      ...(options.settleMs !== undefined ? { settleMs: options.settleMs } : {}),
    };
    const out = options.out ? join(options.out, `${options.strategy}-seed-${seed}`) : undefined;
    const { run, analysis } = await runSchedule(loaded, schedule, out, options.signal);
    const outcome: FuzzRunOutcome = {
      run: index + 1,
      seed,
      outcome: analysis.outcome,
      steps: analysis.steps,
      choices: analysis.choices,
      durationMs: run.durationMs,
      runDir: run.runDir,
      checked: analysis.checked,
    };
    if (analysis.message) outcome.message = analysis.message;
    if (analysis.inconclusive) outcome.inconclusive = analysis.inconclusive;
    if (systematic) outcome.preemptions = systematic.preemptions;
    if (combined) outcome.strategy = systematic ? 'systematic' : 'random';
    if (systematic && analysis.violation) analysis.violation.search = { schedule: index + 1, preemptions: systematic.preemptions, bound };
    if (blocks) outcome.atom = analysis.atom;
    if (target) {
      outcome.target = target.id;
      outcome.realised = analysis.realised.includes(target.id);
      if (analysis.violation && outcome.realised) analysis.violation.serializability = plan!.byId.get(target.id);
    }
    if (analysis.violation) {
      outcome.violationFile = writeViolation(analysis.violation);
      violations[index] = analysis.violation;
    }
    outcomes[index] = outcome;
    options.onRun?.(outcome);
    return analysis;
  };
  const stop = () => options.signal?.aborted || (options.untilFirst === true && violations.some(Boolean));
  let systematic: SystematicSummary | undefined;
  if (options.strategy === 'systematic' || combined) {
    if (options.shard) throw new Error(`the ${options.strategy} strategy cannot be sharded: each schedule depends on the runs before it`);
    systematic = await searchSchedules({ runs: options.runs, bound, jobs: options.jobs ?? 1, reduce: options.reduce ?? true, stop, share: combined }, async (index, schedule) => {
      const analysis = await one(index, schedule);
      return { failed: analysis.outcome !== 'pass', ...(analysis.inconclusive ? { inconclusive: true } : {}), explored: analysis.explored ?? {} };
    });
  }
  // combined: the random runs go on from the search's run numbers and seeds.
  const searched = systematic ? systematic.byPreemptions.reduce((a, b) => a + b, 0) : 0;
  const indexes = !systematic ? shardRunIndexes(options.seed, options.runs, options.shard) : combined ? Array.from({ length: options.runs - searched }, (_, i) => searched + i) : [];
  let next = 0;
  // PCT spreads its change points over the expected number of steps: measured by the first run
  // (seed S). A shard that does not own seed S runs it anyway to measure, without counting it, so
  // every seed's schedule is the unsharded one.
  if (options.strategy === 'pct' && steps === undefined && options.runs > 0) {
    if (indexes[0] === 0) {
      await one(indexes[next++]);
      steps = Math.max(1, outcomes[0].steps);
    } else {
      const schedule: ScheduleSettings = { strategy: 'pct', seed: options.seed, depth: options.depth ?? 3, steps: 50, ...(options.stallMs !== undefined ? { stallMs: options.stallMs } : {}), ...(options.settleMs !== undefined ? { settleMs: options.settleMs } : {}) };
      const { analysis } = await runSchedule(loaded, schedule, undefined, options.signal);
      steps = Math.max(1, analysis.steps);
    }
  }
  const worker = async () => {
    while (next < indexes.length && !stop()) await one(indexes[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs ?? 1, indexes.length)) }, worker));
  const done = outcomes.filter(Boolean);
  const found = done.filter((o) => o.outcome !== 'pass');
  if (systematic && combined) {
    const random = done.filter((o) => o.strategy === 'random');
    const failed = random.find((o) => o.outcome !== 'pass');
    if (random.length) {
      const { statement: _, ...rest } = systematic;
      const summary = { ...rest, random: { runs: random.length, firstSeed: random[0].seed, ...(failed ? { failure: { run: failed.run, seed: failed.seed } } : {}) } };
      systematic = { ...summary, statement: statementOf(summary) };
    }
  }
  const byKind: FuzzResult['byKind'] = {};
  for (const o of found) byKind[o.outcome as ViolationKind] = (byKind[o.outcome as ViolationKind] ?? 0) + 1;
  return {
    strategy: options.strategy,
    seed: options.seed,
    runs: done.length,
    violations: found.length,
    detectionRate: done.length ? found.length / done.length : 0,
    byKind,
    outcomes: done,
    ...(options.shard ? { shard: options.shard } : {}),
    firstViolation: violations.find(Boolean),
    ...(plan ? { assetfuzzer: summarize(plan, done) } : {}),
    ...(systematic ? { systematic } : {}),
    ...(blocks ? {
      atomfuzzer: {
        blocks: blocks.sources,
        ...sumAtomCounts(done.map((o) => o.atom)),
        bugs: found.length,
      },
    } : {}),
    ...fuzzVerdict(done, fuzzScope(loaded)),
  };
}

function summarize(plan: AssetFuzzerPlan, outcomes: FuzzRunOutcome[]): AssetFuzzerSummary {
  const violations = plan.potential.map((p) => {
    const runs = outcomes.filter((o) => o.target === p.id);
    const realised = runs.filter((o) => o.realised);
    const bugs = realised.filter((o) => o.outcome !== 'pass').length;
    return { ...p, runs: runs.length, realised: realised.length, bugs, harmless: realised.length - bugs };
  });
  const realisedRuns = outcomes.filter((o) => o.realised);
  const bugs = realisedRuns.filter((o) => o.outcome !== 'pass').length;
  return { atomicSets: plan.atomicSets, phaseOneMs: plan.phaseOneMs, phaseOneRun: plan.runDir, violations, realised: realisedRuns.length, bugs, harmless: realisedRuns.length - bugs };
}

export interface ReplayRequest {
  /** Follow this violation's recorded decisions. */
  violation?: Violation;
  /** Or run this strategy and seed again. */
  strategy?: FuzzStrategy;
  seed?: number;
  depth?: number;
  steps?: number;
  stallMs?: number;
  out?: string;
}

export interface ReplayResult {
  outcome: 'pass' | ViolationKind;
  message?: string;
  /** The same kind of failure as the violation (when one was given). */
  reproduced?: boolean;
  /** The replay took exactly the recorded decisions (when a violation was given). */
  sameDecisions?: boolean;
  runDir: string;
  decisions: Record<string, string[]>;
  violation?: Violation;
  violationFile?: string;
  /** Set when the run exercised none of the code, or nothing concurrent (outcome.ts, as fuzz
   *  judges its runs): a run the scheduler hung before any test called the code is not a finding
   *  (trial16: `replay --seed` exited 1 on the hang that rank and fuzz call "not checked"). */
  notChecked?: NotChecked;
}

export async function replay(loaded: LoadedConfig, request: ReplayRequest): Promise<ReplayResult> {
  let schedule: ScheduleSettings;
  if (request.violation) {
    schedule = { strategy: 'replay', seed: request.violation.seed, replay: request.violation.decisions };
  } else {
    if (!request.strategy || request.seed === undefined) throw new Error('replay needs a violation or a strategy and a seed');
    if (request.strategy === 'combined') throw new Error('a combined run replays from its violation.json, not from a seed');
    schedule = {
      strategy: request.strategy,
      seed: request.seed,
      ...(request.strategy === 'pct' ? { depth: request.depth ?? 3, steps: request.steps ?? 50 } : {}),
      ...(request.strategy === 'atomfuzzer' ? atomfuzzerSettings(loaded) : {}),
    };
    if (request.strategy === 'assetfuzzer') {
      const target = targetOf(await phaseOne(loaded, {}), request.seed);
      if (target) schedule.targets = [target];
    }
  }
  if (request.stallMs !== undefined) schedule.stallMs = request.stallMs;
  const { run, analysis } = await runSchedule(loaded, schedule, request.out);
  const result: ReplayResult = { outcome: analysis.outcome, runDir: run.runDir, decisions: analysis.decisions };
  if (analysis.message) result.message = analysis.message;
  const verdict = fuzzVerdict([{ outcome: analysis.outcome, message: analysis.message, checked: analysis.checked }], fuzzScope(loaded));
  if (verdict.outcome === 'not-checked') result.notChecked = verdict.notChecked;
  if (analysis.violation) {
    // A replay's report names the strategy and seed it replays, not "replay".
    if (request.violation) analysis.violation.strategy = request.violation.strategy;
    result.violation = analysis.violation;
    result.violationFile = writeViolation(analysis.violation);
  }
  if (request.violation) {
    result.reproduced = analysis.outcome === request.violation.kind;
    result.sameDecisions = JSON.stringify(analysis.decisions) === JSON.stringify(request.violation.decisions);
  }
  return result;
}
