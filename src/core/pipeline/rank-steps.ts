// The steps of `conlens rank` (rank.ts runs them in order) that run processes, read their output or
// judge it: the reference run, the scheduled integration runs, the coverage verdict, the schedule
// evidence and the violations read back. The pure analyses they feed are the stages' own
// (localize/, report/); a step returns what it found and what the user must be warned about.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { relative, resolve } from 'node:path';
import { fuzz, type FuzzResult, type FuzzRunOutcome, type FuzzStrategy } from '../active/fuzz.js';
import { mergeSummaries } from '../active/systematic.js';
import { callsScope, commandText, coverageOf, listed, verdictOf, type Coverage, type NotChecked, type Verdict } from '../active/outcome.js';
import type { Violation } from '../active/violation.js';
import type { LoadedConfig } from '../config/config-types.js';
import type { FailureInvariantSet, InvariantSet } from '../invariants/invariant-types.js';
import { mineInvariants } from '../invariants/miner.js';
import type { EvidenceSets } from '../localize/evidence-sets.js';
import { localize } from '../localize/index.js';
import type { LocalizeResult } from '../localize/localize-types.js';
import { fixtureVariables, suiteConstants } from '../localize/noise.js';
import { rootedCallOrders, type IntegrationFacts, type RootedGraph } from '../localize/run-orders.js';
import { positionSchedule, scheduleEvidence, type ScheduleEvidence } from '../localize/schedule-evidence/index.js';
import { runTraced } from '../trace/run-traced.js';
import { readTraceFile, traceFiles } from '../trace/read-trace.js';
import { testCaseKey, type TestCase, type TestScope } from '../trace/test-cases.js';
import { RankInputError, type RankClock, type RankOptions } from './rank-options.js';
import type { IntegrationSuite } from './synth-rank.js';
import { isolateFailure, type ScheduleIsolation } from './isolate.js';
import { isMocha } from '../runner/ts-loaders.js';
import { plainIntegrationRuns } from '../runner/check-project.js';

/** The unit tests run traced, sequentially, and the reference invariants mined from them; a unit
 *  suite that fails, or hangs before calling anything, is no reference (RankInputError). */
export async function referenceInvariants(loaded: LoadedConfig, options: Pick<RankOptions, 'signal' | 'confidence'>, clock: RankClock): Promise<{ reference: InvariantSet; warning?: string }> {
  const { config } = loaded;
  // rankProject checked that there is a unit command before anything ran.
  // The command as configured, in messages: trial16's user was shown the runner wrapper's argv.
  const command = commandText(config.unit!.command);
  clock.stage('unit runs', `running the unit tests traced: ${command}`);
  const unit = await runTraced(loaded, { suite: 'unit', signal: options.signal });
  if (unit.unhookedRunner) throw new RankInputError(`the unit tests (${command}): ${unit.unhookedRunner}`);
  let warning = unit.timedOut
    ? `the unit tests did not finish within timeoutMs (${config.timeoutMs ?? 'the configured'} ms, ${relative(process.cwd(), loaded.file) || loaded.file}) and were stopped (${command}); the reference invariants come from what ran before that. If they need longer, raise timeoutMs`
    : undefined;
  let passingTests: TestScope;
  if (!unit.passed && !unit.timedOut) {
    // Many tests per file (issue 31): a unit command that also runs the concurrent tests fails
    // with them. The tests that passed are still a sequential reference, each test case's events
    // apart (trace/test-cases.ts); the failing ones are left out, by name.
    const split = await unitOutcomes(unit.runDir);
    if (!split) {
      throw new RankInputError(
        `the unit tests failed (${command}, exit code ${unit.exitCode}): reference invariants need a passing sequential suite; fix them first (conlens check shows the output)`,
      );
    }
    passingTests = new Set(split.passed.map(testCaseKey));
    const named = split.failed.slice(0, 5).map((t) => `"${t.name}" (${t.file}${t.line ? `:${t.line}` : ''})`).join(', ');
    warning = `${split.failed.length} of ${split.failed.length + split.passed.length} unit tests failed (${command}): ${named}${split.failed.length > 5 ? `, … and ${split.failed.length - 5} more` : ''}; the reference invariants come from the ${split.passed.length} that passed. ${unnamedFilesAdvice(loaded.root, unit.argv, split.failed) ?? 'If they are concurrent tests, keep them out of the unit command'}`;
  }
  clock.stage('reference invariants', 'mining the reference invariants');
  const reference = await mineInvariants([unit.runDir], { confidence: options.confidence, testCases: passingTests });
  if (countJustified(reference) === 0 && unit.timedOut) {
    // A budget too small for the suite reads as a hang: both causes are named (a trial's user set
    // timeoutMs to 100 ms and was told to fix a hang).
    throw new RankInputError(`the unit tests did not finish within timeoutMs (${config.timeoutMs} ms, ${relative(process.cwd(), loaded.file) || loaded.file}) and called no instrumented function before they were stopped (${command}): no reference invariants. If they need longer, raise timeoutMs; if they hang, fix that first`);
  }
  return { reference, ...(warning ? { warning } : {}) };
}

/** When the command names test files and the failing tests are in others, the runner's own
 *  configuration (Mocha adds its rc file's `spec` to the files named) or an import added them: the
 *  advice says so, since taking them out of the command's list cannot help (a trial's finding). */
export function unnamedFilesAdvice(root: string, argv: string[], failed: TestCase[]): string | undefined {
  const named = new Set(argv.map((a) => resolve(root, a)).filter((f) => /\.[cm]?[jt]sx?$/.test(f)));
  if (named.size === 0) return undefined;
  const unnamed = [...new Set(failed.map((t) => t.file))].filter((f) => !named.has(resolve(root, f)));
  if (unnamed.length === 0) return undefined;
  const mocha = argv.some(isMocha);
  return `The command does not name ${listed(unnamed)}: the runner's configuration or an import adds ${unnamed.length === 1 ? 'it' : 'them'}${mocha ? " (Mocha adds its configuration's `spec` to the files a command names; give the unit command `--ignore '<folder of the concurrent tests>/**'`, as conlens init does)" : ''}`;
}

/** The unit run's test cases split by outcome, when the runner said which passed (test events)
 *  and at least one did; undefined otherwise (no test events, nothing passed, or the process
 *  failed with every test passing: no test to leave out). */
async function unitOutcomes(runDir: string): Promise<{ passed: TestCase[]; failed: TestCase[] } | undefined> {
  const passed: TestCase[] = [];
  const failed: TestCase[] = [];
  for (const file of traceFiles(runDir)) {
    const info = await readTraceFile(file, () => undefined);
    // A test with no outcome (the process ended inside it) is neither: not in the reference.
    for (const t of info.testCases) (t.ok === false ? failed : t.ok === true ? passed : []).push(t);
  }
  return passed.length > 0 && failed.length > 0 ? { passed, failed } : undefined;
}

/** The integration suite run `options.runs` times under the scheduler (active/fuzz.ts), or the
 *  runs the merged shards made. `tests`: how many suites were fuzzed one after the other. */
export async function integrationRuns(suite: IntegrationSuite, options: RankOptions, clock: RankClock): Promise<{ fuzzed: FuzzResult; tests: number }> {
  const { loaded } = suite;
  clock.stage('integration runs', options.integration ? `${options.integration.runs} run${options.integration.runs === 1 ? '' : 's'} of the merged shards` : `${options.runs} run${options.runs === 1 ? '' : 's'} under the ${options.strategy} scheduler`);
  let done = 0;
  // Synthesized tests: each is fuzzed on its own (the same runs and seeds), so each candidate
  // gets its own runs and a run's violation is that test's — a deadlock one test finds in every
  // run cannot hide the atomicity violation another finds (a run reports its first failure).
  const groups = options.integration ? [] : suite.synthesized ? suite.synthesized.commands : [undefined];
  const total = Math.max(1, options.runs * groups.length);
  const results: FuzzResult[] = [];
  for (const command of groups) {
    if (options.signal?.aborted) break;
    const group = command ? { ...loaded, config: { ...loaded.config, integration: { command, runs: options.runs } } } : loaded;
    results.push(await fuzz(group, {
      strategy: options.strategy,
      runs: options.runs,
      seed: options.seed,
      jobs: options.jobs,
      signal: options.signal,
      onRun: (o) => {
        done++;
        // From the end of 'reference invariants' (25 %) to the end of 'integration runs' (85 %).
        const at = 25 + (60 * done) / total;
        clock.stage('integration runs', `run ${done}/${total} (seed ${o.seed}${command ? `, ${command[command.length - 1]}` : ''}): ${o.outcome === 'pass' ? 'passed' : `${o.outcome}${o.message ? ` — ${o.message}` : ''}`}`, at);
      },
    }));
  }
  const fuzzed = options.integration ?? (results.length === 1 ? results[0] : mergeFuzzResults(results, options.strategy, options.seed));
  return { fuzzed, tests: results.length };
}

/** Fuzz results of several integration groups (the synthesized tests) as one. */
function mergeFuzzResults(results: FuzzResult[], strategy: FuzzStrategy, seed: number): FuzzResult {
  const outcomes = results.flatMap((r) => r.outcomes);
  const found = outcomes.filter((o) => o.outcome !== 'pass');
  const byKind: FuzzResult['byKind'] = {};
  for (const r of results) for (const [kind, n] of Object.entries(r.byKind)) byKind[kind as keyof typeof byKind] = (byKind[kind as keyof typeof byKind] ?? 0) + (n ?? 0);
  return {
    strategy,
    seed,
    runs: outcomes.length,
    violations: found.length,
    detectionRate: outcomes.length ? found.length / outcomes.length : 0,
    byKind,
    outcomes,
    firstViolation: results.find((r) => r.firstViolation)?.firstViolation,
    // The search's guarantee is kept (issue 32): what holds for every test's search.
    ...(results.some((r) => r.systematic) ? { systematic: mergeSummaries(results.flatMap((r) => (r.systematic ? [r.systematic] : []))) } : {}),
  };
}

/** Issue 29: what the runs exercised decides what rank may say. The trace facts count the
 *  processes (shards of older versions do not say); the runs add the runner's "no test".
 *  `nothingToRank`: the not-checked statement when nothing of the program ran, or no test did —
 *  nothing to mine or rank. Without
 *  concurrent work (a test that awaits each call before the next) the ranking goes on, under the
 *  not-checked statement: the drift it shows is what those runs saw. */
export function coverageVerdict(suite: IntegrationSuite, fuzzed: FuzzResult, facts: IntegrationFacts): Verdict & { nothingToRank?: NotChecked } {
  const { loaded, synthesized } = suite;
  const ran = coverageOf(fuzzed.outcomes) ?? { runsWithoutTests: 0, violations: fuzzed.violations };
  const coverage: Coverage = { ...ran, runs: fuzzed.runs, processes: facts.processes, concurrentProcesses: facts.concurrentProcesses };
  const verdict = verdictOf(coverage, {
    what: callsScope(facts.topLevel, 'the integration tests', loaded.config.include),
    tests: synthesized ? `the tests synthesized from the unit tests (${relative(loaded.root, synthesized.dir) || '.'})` : `the integration tests (${commandText(loaded.config.integration!.command)})`,
    ...(synthesized ? { todo: 'configure an "integration" command with concurrent tests of your own (the synthesized ones show what synthesis made of the unit tests)' } : {}),
  });
  const nothingRan = coverage.processes === 0 || coverage.runsWithoutTests === coverage.runs;
  return { ...verdict, ...(verdict.notChecked && nothingRan ? { nothingToRank: verdict.notChecked } : {}) };
}

/** Issue 30: Falcon's and Unicorn's access patterns over every scheduled run, failing and
 *  passing (the unit runs record no field accesses: they have no patterns to count); none when
 *  no run failed. */
export async function scheduleEvidenceOf(outcomes: FuzzRunOutcome[]): Promise<{ schedule?: ScheduleEvidence; warning?: string }> {
  if (!outcomes.some((o) => o.outcome !== 'pass')) return {};
  try {
    return { schedule: await scheduleEvidence(outcomes.map((o) => ({ runDir: o.runDir, failed: o.outcome !== 'pass' }))) };
  } catch (error) {
    return { warning: `schedule evidence left out: ${(error as Error).message}` };
  }
}

/** The test cases that failed in any run (issue 31), each once, in the order first seen. */
export function failingTests(violations: Violation[]): TestCase[] {
  const found = new Map<string, TestCase>();
  for (const v of violations) for (const t of v.testCases ?? []) if (!found.has(testCaseKey(t))) found.set(testCaseKey(t), { name: t.name, file: t.file, line: t.line, ...(t.ordinal ? { ordinal: t.ordinal } : {}) });
  return [...found.values()];
}

/** The violation.json of every run that wrote one, in run order. */
export function readViolations(outcomes: FuzzRunOutcome[]): { violations: { violation: Violation; file: string }[]; warnings: string[] } {
  const violations: { violation: Violation; file: string }[] = [];
  const warnings: string[] = [];
  for (const o of outcomes) {
    if (!o.violationFile) continue;
    try {
      violations.push({ violation: JSON.parse(readFileSync(o.violationFile, 'utf8')) as Violation, file: o.violationFile });
    } catch {
      warnings.push(`${o.violationFile}: could not read the violation report`);
    }
  }
  return { violations, warnings };
}

export interface SuspiciousPositionsInput {
  reference: InvariantSet;
  online: InvariantSet;
  diff: FailureInvariantSet;
  graph: RootedGraph;
  facts: IntegrationFacts;
  evidence: EvidenceSets;
  outcomes: FuzzRunOutcome[];
  schedule?: ScheduleEvidence;
  /** Schedule isolation's critical preemption: the function it suspended, ranked first. */
  isolated?: { function: string; text: string };
}

/** 004's localization (localize/) over what the runs showed: the failure invariants on the rooted
 *  call graph, the runs' call orders, the violations' evidence and the schedule evidence. */
export function suspiciousPositions(input: SuspiciousPositionsInput): LocalizeResult {
  const { reference, online, graph, schedule } = input;
  return localize({
    failureInvariants: input.diff.failureInvariants,
    analysis: graph.input,
    callOrders: rootedCallOrders(input.facts.executions, graph.testRoot),
    ...input.evidence,
    noRunStalled: input.outcomes.length > 0 && input.outcomes.every((o) => o.outcome !== 'deadlock' && o.outcome !== 'hang'),
    ...(schedule ? { scheduleEvidence: schedule.functions.map((e) => ({ function: e.function, schedule: positionSchedule(e, schedule.runs) })) } : {}),
    ...(input.isolated ? { isolated: input.isolated } : {}),
    options: {
      entryPoints: graph.entryPoints,
      observed: { reference: observedPoints(reference), online: observedPoints(online) },
      noise: { tmpdir: tmpdir(), fixtureVars: fixtureVariables([reference, online], { tmpdir: tmpdir() }), constants: { reference: suiteConstants(reference), online: suiteConstants(online) } },
    },
  });
}

function observedPoints(set: { points: { point: string; samples: number }[] }): string[] {
  return set.points.filter((p) => p.samples > 0).map((p) => p.point);
}

export function countJustified(set: { points: { invariants: { justified: boolean }[] }[] }): number {
  return set.points.reduce((n, p) => n + p.invariants.filter((i) => i.justified).length, 0);
}

/** Issue 30, Choi & Zeller: the first failing run's schedule narrowed to the preemption it needs,
 *  when a run failed and the budget allows. Not for synthesized tests (each ran under its own
 *  command) nor a hang (every replay would wait out the time budget). A passing run, when there is
 *  one, stands in for Node's own order if that fails too. */
export async function isolationOf(suite: IntegrationSuite, fuzzed: FuzzResult, violations: { violation: Violation; file: string }[], options: RankOptions, clock: RankClock): Promise<{ isolation?: ScheduleIsolation; warning?: string }> {
  const budget = options.isolateBudget ?? 16;
  const first = violations[0];
  if (budget === 0 || !first || suite.synthesized || first.violation.kind === 'hang' || options.signal?.aborted) return {};
  // A passing run replays from its seed only where its seed made it: not a systematic search's
  // schedule (combined's first part), which is Node's order plus a prefix, not a seed.
  const seeded = (o: FuzzRunOutcome) => fuzzed.strategy !== 'systematic' && (fuzzed.strategy !== 'combined' || o.strategy === 'random');
  const passed = fuzzed.outcomes.find((o) => o.outcome === 'pass' && seeded(o));
  const pct = fuzzed.strategy === 'pct' ? { steps: Math.max(1, fuzzed.outcomes[0]?.steps ?? 50) } : {};
  let replays = 0;
  try {
    const isolation = await isolateFailure(suite.loaded, {
      violation: first.violation,
      ...(passed ? { passingRun: { strategy: fuzzed.strategy === 'combined' ? 'random' : fuzzed.strategy, seed: passed.seed, ...pct } } : {}),
      budget,
      signal: options.signal,
      onReplay: (what) => clock.stage('localize', `schedule isolation, replay ${++replays}: ${what}`),
    });
    return { isolation: { ...isolation, of: first.file } };
  } catch (error) {
    return { warning: `schedule isolation left out: ${(error as Error).message}` };
  }
}

/** Plain runs made to judge failures no order explains: at least this many, at most the second. */
const PLAIN_RECHECK = [5, 10] as const;

/** Failures that come from timing, not from an order: every failing run made no choice (at each
 *  decision one continuation or callback was ready, so it ran in Node's own order for its timings)
 *  and the integration command, run plainly (no tracing, no scheduler), never fails. What failed
 *  then is the traced code's speed — a test that measures elapsed time or races a timer (unseen4's
 *  vt-search fixed: a rate gate's spacing, measured with Date.now, shrank by the tracing time of
 *  five synchronous calls). No function is confirmed by such runs; the text says why. */
export async function timingOnlyOf(loaded: LoadedConfig, outcomes: FuzzRunOutcome[], options: Pick<RankOptions, 'jobs' | 'signal'>, clock: RankClock): Promise<string | undefined> {
  const failed = outcomes.filter((o) => o.outcome !== 'pass' && !o.inconclusive);
  if (!failed.length || !loaded.config.integration || failed.some((o) => o.choices === undefined || o.choices > 0)) return undefined;
  const runs = Math.min(PLAIN_RECHECK[1], Math.max(PLAIN_RECHECK[0], 2 * failed.length));
  clock.stage('integration runs', `${failed.length === 1 ? 'the failing run' : `the ${failed.length} failing runs`} made no choice of order: running the integration command ${runs} times plainly`);
  const plain = await plainIntegrationRuns(loaded, runs, options.jobs, options.signal);
  if (!plain || plain.failures > 0 || plain.runsWithoutTests === plain.runs) return undefined;
  const some = failed.length === 1 ? 'the one failing run' : `each of the ${failed.length} failing runs`;
  return `the failures are not an order's: in ${some} only one continuation or callback was ready at every point (Node's own order for the timings it had), and ${plain.runs - plain.runsWithoutTests} plain runs of the integration command (no tracing, no scheduler) all passed — the failure depends on timing (tracing slows the code, and a test that measures elapsed time or races a timer can fail from that alone), not on an order the tool chose, so no function is confirmed by it. conlens check runs the tests plainly: if they fail there too, now and then, the bug is real but timing-dependent, and no order the tool could choose brought it about`;
}
