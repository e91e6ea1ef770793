// `conlens rank`: the whole 004 pipeline on a project, stage by stage —
//   static call graph → unit runs traced → reference invariants → integration runs under the
//   controlled scheduler → online invariants and real violations → failure invariants (diff) →
//   reduction, failure flags, DFS, S_rate (localize) → report.
// Each stage is one of the engine's functions; this file wires them, checks the preconditions
// the analysis needs (a passing unit suite, integration tests that run concurrent work) and
// reports progress.
import { readFileSync } from 'node:fs';
import type { LoadedConfig } from '../config/config-types.js';
import { fuzz, type FuzzResult, type FuzzStrategy } from '../active/fuzz.js';
import type { Violation } from '../active/violation.js';
import { failureInvariants } from '../invariants/diff.js';
import { mineInvariants } from '../invariants/miner.js';
import { analyzeProject } from '../static/analyze.js';
import type { StaticAnalysis } from '../static/static-types.js';
import { runTraced } from '../trace/run-traced.js';
import { tmpdir } from 'node:os';
import { relative } from 'node:path';
import { foldPositions } from '../report/fold-positions.js';
import type { Report, ReportViolation } from '../report/report-types.js';
import { implicatedBy } from './confirm.js';
import { foreignRead, interleavingOf, leakedLock, leakText, regionFunctions, separatorText, storyOf } from './interleaving.js';
import { localize } from './index.js';
import { fixtureVariables, noiseCounts } from './noise.js';
import { parsePoint } from './reduce.js';
import type { CallGraphInput } from './localize-types.js';
import { integrationFacts } from './run-orders.js';
import { positionSchedule, scheduleEvidence, type ScheduleEvidence } from './schedule-evidence/index.js';
import { SynthInputError, synthesize, type SynthMethodOption } from '../synth/synthesize.js';
import { commandText, coverageOf, includeScope, verdictOf, type Coverage, type NotChecked } from '../active/outcome.js';

/** The stages, in order, with the share of the work each ends at (for `--progress json`). */
export const RANK_STAGES = [
  { stage: 'call graph', percent: 5 },
  { stage: 'unit runs', percent: 20 },
  { stage: 'reference invariants', percent: 25 },
  { stage: 'integration runs', percent: 85 },
  { stage: 'online invariants', percent: 92 },
  { stage: 'localize', percent: 98 },
] as const;
export type RankStage = (typeof RANK_STAGES)[number]['stage'];

export interface RankProgress {
  stage: RankStage;
  message: string;
  /** 0-100: the share of the whole job done when this stage (or this run) started. */
  percent: number;
}

export interface RankOptions {
  strategy: FuzzStrategy;
  runs: number;
  seed: number;
  jobs: number;
  confidence?: number;
  onProgress?: (progress: RankProgress) => void;
  signal?: AbortSignal;
  /** The integration runs already made (the merged shards of `rank --shard`): not run again. */
  integration?: FuzzResult;
  /** Synthesize the integration tests from the unit tests (conlens synth) even when an
   *  integration command is configured; without one, rank always does. */
  synthesize?: boolean;
  /** Which synthesis: intruder, he or both (default both). */
  synthMethod?: SynthMethodOption;
  /** At most this many synthesized tests (default SYNTH_MAX): every integration run runs them all. */
  synthMax?: number;
  /** Stage timings (ms), filled in as the stages end (bench/rank). */
  timings?: Partial<Record<RankStage, number>>;
}

/** The name of the virtual root node when the integration test is the root (run-orders.ts). */
export const TEST_ROOT = '(test)';
/** Synthesized tests rank runs by default: INTRUDER's first, then He et al.'s (plan-tests.ts). */
const SYNTH_MAX = 6;
/** Violations kept in the report (all of them confirm; the report shows the first few). */
const REPORTED_VIOLATIONS = 5;

/** A precondition of the analysis that does not hold, said in the user's terms. */
export class RankInputError extends Error {}

export async function rankProject(loaded: LoadedConfig, options: RankOptions): Promise<Report> {
  const { config } = loaded;
  const warnings: string[] = [];
  let startedAt = performance.now();
  let current: RankStage | undefined;
  const stage = (name: RankStage, message: string, percent?: number) => {
    const now = performance.now();
    if (current && options.timings && current !== name) options.timings[current] = (options.timings[current] ?? 0) + now - startedAt;
    if (current !== name) startedAt = now;
    current = name;
    const index = RANK_STAGES.findIndex((s) => s.stage === name);
    options.onProgress?.({ stage: name, message, percent: Math.round(percent ?? (index > 0 ? RANK_STAGES[index - 1].percent : 0)) });
  };
  const end = () => {
    if (current && options.timings) options.timings[current] = (options.timings[current] ?? 0) + performance.now() - startedAt;
    current = undefined;
  };
  if (!config.unit) throw new RankInputError(`${loaded.file}: no "unit" command: reference invariants come from a passing sequential suite; add { "unit": { "command": "…" } }`);
  let synthesized = false;
  /** Where the synthesized tests are. */
  let synthDir = '';
  /** Per synthesized test, the command that runs it alone. */
  let synthCommands: string[][] = [];
  if (!config.integration || options.synthesize) {
    // DESIGN §1 step 1: no concurrent tests (or asked to) — synthesize them from the unit tests
    // and run them as the integration suite.
    stage('call graph', 'synthesizing concurrent tests from the unit tests (conlens synth)');
    let synth: Awaited<ReturnType<typeof synthesize>>;
    try {
      synth = await synthesize(loaded, { method: options.synthMethod ?? 'both', max: options.synthMax ?? SYNTH_MAX, signal: options.signal });
    } catch (error) {
      if (error instanceof SynthInputError) throw new RankInputError(error.message);
      throw error;
    }
    if (synth.files.length === 0) {
      // Nothing the unit tests call can interleave on shared state (every pair is guarded by a
      // lock both take, or by the event loop): nothing to run concurrently, nothing to rank.
      end();
      // Which stage came up empty (000 Table 6's columns): no shared access at all, no conflicting
      // pair, or pairs every one of which is guarded.
      const why = synth.skipped.length ? `${synth.skipped.length} candidate(s) skipped: ${[...new Set(synth.skipped.map((s) => s.note))].slice(0, 3).join('; ')}`
        : synth.counts.dependencies === 0 ? 'the calls the unit tests make touch no state reached from a receiver, a parameter or a module variable'
        : synth.counts.pairs === 0 ? 'no access of one call can come between two accesses of another to the same location (000 Fig. 6)'
        : 'every pair of calls the unit tests make on shared state is guarded by a lock both take, or runs in one synchronous step';
      // Issue 29: no run is no all-clear — say what went unchecked and how to have it checked.
      return notCheckedReport(loaded, options, 0, warnings, {
        what: synth.called.length ? `concurrent calls of ${listed(synth.called)} (what the unit tests call)` : includeScope(config.include),
        why: `no integration test ran: none could be synthesized from the unit tests (${why}), and ${config.integration ? 'rank --synthesize runs only synthesized tests' : 'no "integration" command is configured'}`,
        todo: `${config.integration ? 'run rank without --synthesize, or ' : ''}configure an "integration" command whose tests call them concurrently, e.g. await Promise.all([a(), b()])`,
      });
    }
    warnings.push(`the integration suite is ${synth.files.length} test(s) synthesized from the unit tests in ${synth.outDir} (conlens synth)`);
    loaded = { ...loaded, config: { ...config, integration: { command: synth.command, runs: config.integration?.runs ?? options.runs } } };
    synthCommands = synth.commands;
    synthDir = synth.outDir;
    synthesized = true;
  }

  stage('call graph', 'building the static call graph');
  const analysis = analyzeProject(loaded.root, { include: config.include, roots: config.roots, atomic: config.atomic, locks: config.locks });

  stage('unit runs', `running the unit tests traced: ${String(config.unit.command)}`);
  const unit = await runTraced(loaded, { suite: 'unit', signal: options.signal });
  if (unit.unhookedRunner) throw new RankInputError(`the unit tests (${String(config.unit.command)}): ${unit.unhookedRunner}`);
  if (!unit.passed && !unit.timedOut) {
    throw new RankInputError(
      `the unit tests failed (${unit.argv.join(' ')}, exit code ${unit.exitCode}): reference invariants need a passing sequential suite; fix them first (conlens check shows the output)`,
    );
  }
  if (unit.timedOut) {
    warnings.push(
      `the unit tests hung: stopped after ${config.timeoutMs ?? 'the configured'} ms (${unit.argv.join(' ')}); the reference invariants come from what ran before that`,
    );
  }
  stage('reference invariants', 'mining the reference invariants');
  const reference = await mineInvariants([unit.runDir], { confidence: options.confidence });
  if (countJustified(reference) === 0 && unit.timedOut) {
    throw new RankInputError(`the unit tests hung before calling any instrumented function (${unit.argv.join(' ')}): no reference invariants; fix the hang first`);
  }

  stage('integration runs', options.integration ? `${options.integration.runs} runs of the merged shards` : `${options.runs} runs under the ${options.strategy} scheduler`);
  let done = 0;
  // Synthesized tests: each is fuzzed on its own (the same runs and seeds), so each candidate
  // gets its own runs and a run's violation is that test's — a deadlock one test finds in every
  // run cannot hide the atomicity violation another finds (a run reports its first failure).
  const groups = options.integration ? [] : synthesized ? synthCommands : [undefined];
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
        const at = 25 + (60 * done) / total;
        stage('integration runs', `run ${done}/${total} (seed ${o.seed}${command ? `, ${command[command.length - 1]}` : ''}): ${o.outcome === 'pass' ? 'passed' : `${o.outcome}${o.message ? ` — ${o.message}` : ''}`}`, at);
      },
    }));
  }
  const fuzzed = options.integration ?? (results.length === 1 ? results[0] : mergeFuzzResults(results, options.strategy, options.seed));
  const runDirs = fuzzed.outcomes.map((o) => o.runDir);
  const facts = await integrationFacts(runDirs, config.roots ?? []);
  // Issue 29: what the runs exercised decides what rank may say. The trace facts count the
  // processes (shards of older versions do not say); the runs add the runner's "no test".
  const ran = coverageOf(fuzzed.outcomes) ?? { runsWithoutTests: 0, violations: fuzzed.violations };
  const coverage: Coverage = { ...ran, runs: fuzzed.runs, processes: facts.processes, concurrentProcesses: facts.concurrentProcesses };
  const { outcome, notChecked } = verdictOf(coverage, {
    what: facts.topLevel.length ? `concurrent calls of ${listed(facts.topLevel)} (what the integration tests call)` : includeScope(config.include),
    tests: synthesized ? `the tests synthesized from the unit tests (${relative(loaded.root, synthDir) || '.'})` : `the integration tests (${commandText(config.integration!.command)})`,
    ...(synthesized ? { todo: 'configure an "integration" command with concurrent tests of your own (the synthesized ones show what synthesis made of the unit tests)' } : {}),
  });
  // Nothing of the program ran (or no test did): nothing to mine or rank. Without concurrent work
  // (a test that awaits each call before the next) the ranking goes on below, under the
  // not-checked statement: the drift it shows is what those runs saw.
  if (notChecked && (coverage.processes === 0 || coverage.runsWithoutTests === coverage.runs)) {
    end();
    return notCheckedReport(loaded, options, fuzzed.runs, warnings, notChecked, results.length > 1 ? results.length : undefined);
  }
  const hangs = fuzzed.outcomes.filter((o) => o.outcome === 'hang');
  if (hangs.length) {
    warnings.push(`${hangs.length} of ${fuzzed.runs} integration runs hung (seeds ${hangs.map((o) => o.seed).join(', ')}): reported as violations; their traces up to the hang are used`);
  }

  stage('online invariants', 'mining the online invariants');
  const online = await mineInvariants(runDirs, { confidence: options.confidence });

  stage('localize', 'schedule evidence, failure invariants, reduction, failure flags, search, ranking');
  // Issue 30: Falcon's and Unicorn's access patterns over every scheduled run, failing and
  // passing (the unit runs record no field accesses: they have no patterns to count).
  let schedule: ScheduleEvidence | undefined;
  if (fuzzed.outcomes.some((o) => o.outcome !== 'pass')) {
    try {
      schedule = await scheduleEvidence(fuzzed.outcomes.map((o) => ({ runDir: o.runDir, failed: o.outcome !== 'pass' })));
    } catch (error) {
      warnings.push(`schedule evidence left out: ${(error as Error).message}`);
    }
  }
  const diff = failureInvariants(reference, online);
  const violations: { violation: Violation; file: string }[] = [];
  for (const o of fuzzed.outcomes) {
    if (!o.violationFile) continue;
    try {
      violations.push({ violation: JSON.parse(readFileSync(o.violationFile, 'utf8')) as Violation, file: o.violationFile });
    } catch {
      warnings.push(`${o.violationFile}: could not read the violation report`);
    }
  }
  // confirm.ts: every real violation implicates the functions its failing interleaving ran.
  const touched = new Set<string>();
  const interrupted = new Set<string>();
  const deadlocked = new Set<string>();
  /** Confirmed functions some violation names itself (not only as a caller of what it names). */
  const named = new Set<string>();
  const reportViolations: ReportViolation[] = [];
  const names = new Map(analysis.nodes.map((n) => [n.id, n.name]));
  const callersOf = new Map<string, string[]>();
  const calleesOf = new Map<string, string[]>();
  for (const e of analysis.edges) {
    const to = names.get(e.to);
    const from = names.get(e.from);
    if (!to || !from) continue;
    callersOf.set(to, [...(callersOf.get(to) ?? []), from]);
    calleesOf.set(from, [...(calleesOf.get(from) ?? []), to]);
  }
  const owners = new Set<string>();
  const breaks: Record<string, string> = {};
  const leaks: Record<string, string> = {};
  const writers = new Set<string>();
  const threw = new Set<string>();
  for (const { violation, file } of violations) {
    const implicated = implicatedBy(violation, (f) => callersOf.get(f) ?? [], (f) => calleesOf.get(f) ?? []);
    // interleaving.ts: the region the violation interrupted, its owner and the conflicting writer.
    const evidence = { kind: violation.kind, schedule: violation.schedule, message: violation.message, frames: violation.frames, atomic: config.atomic };
    const interleaving = interleavingOf(evidence);
    const region = regionFunctions(interleaving);
    // A hang on a lock its holder never released (it threw with no finally): the holder owns it.
    const leak = region.owner ? undefined : leakedLock(evidence);
    if (leak && !leak.acquired.function.startsWith('(')) {
      region.owner = leak.acquired.function;
      leaks[region.owner] ??= leakText(leak);
    }
    // assetfuzzer: the realised pattern names its unit of work u (whose atomicity broke) and the
    // interfering u' directly (001 §3.1).
    if (violation.serializability) {
      region.owner ??= violation.serializability.units[0];
      region.writer ??= violation.serializability.units[1];
    }
    for (const f of [region.owner, region.writer]) if (f && !implicated.touched.includes(f)) implicated.touched = [...implicated.touched, f].sort();
    if (region.owner) {
      owners.add(region.owner);
      const separator = interleaving && interleaving.region.owner === region.owner ? separatorText(interleaving.region) : undefined;
      if (separator) breaks[region.owner] ??= separator;
      named.add(region.owner);
    }
    if (region.writer) {
      writers.add(region.writer);
      named.add(region.writer);
    }
    for (const s of violation.schedule) if (s.event.startsWith('throws ') && !s.function.startsWith('(')) threw.add(s.function);
    for (const f of implicated.touched) touched.add(f);
    for (const f of implicated.interrupted) interrupted.add(f);
    for (const f of implicated.touched) if (!implicated.callers?.includes(f)) named.add(f);
    if (implicated.basis === 'cycle') for (const f of implicated.touched) deadlocked.add(f);
    if (reportViolations.length < REPORTED_VIOLATIONS) {
      const order = interleaving ? undefined : foreignRead(evidence);
      const cited = new Set([...(interleaving?.steps.map((s) => s.step) ?? []), ...(order ? [order.write.step, order.read.step, ...(order.via ?? []).map((s) => s.step)] : [])]);
      reportViolations.push({
        kind: violation.kind,
        message: violation.message,
        strategy: violation.strategy,
        seed: violation.seed,
        file,
        // The reads stay in violation.json; the report keeps the ones the interleaving names
        // (a schedule's reads can triple its size).
        trace: violation.schedule.filter((s) => s.access?.op !== 'read' || cited.has(s.step)),
        ...(violation.cycle ? { cycle: violation.cycle } : {}),
        implicated: implicated.touched,
        story: storyOf(evidence, interleaving),
        ...(interleaving ? { interleaving } : {}),
        ...(order ? { order: { write: order.write.step, read: order.read.step, tasks: [order.write.task, order.read.task], kind: order.kind, ...(order.via ? { via: order.via.map((s) => s.step) } : {}) } } : {}),
        ...(synthesized ? { verdict: violation.message.includes('no linearization shows') ? 'concurrency error: no sequential order of the two calls shows this outcome (002 Alg. 2)' : `a ${violation.kind} the scheduler found while running the synthesized tests (not an oracle verdict: their sequential orders were not compared)` } : {}),
        ...(violation.serializability ? { serializability: violation.serializability } : {}),
        ...(violation.assumes ? { assumes: violation.assumes } : {}),
      });
    }
  }

  const graph = rootedGraph(analysis, config.roots ?? [], facts.topLevel);
  const callOrders = graph.testRoot ? facts.executions.map((run) => [...run, { function: TEST_ROOT, orders: [0] }]) : facts.executions;
  const result = localize({
    failureInvariants: diff.failureInvariants,
    analysis: graph.input,
    callOrders,
    confirmed: [...touched],
    confirmedAsCaller: [...touched].filter((f) => !named.has(f)),
    interrupted: [...interrupted],
    deadlocked: [...deadlocked],
    regionOwners: [...owners],
    regionBreaks: breaks,
    leakedLocks: leaks,
    conflictingWriters: [...writers],
    threw: [...threw],
    noRunStalled: fuzzed.outcomes.length > 0 && fuzzed.outcomes.every((o) => o.outcome !== 'deadlock' && o.outcome !== 'hang'),
    ...(schedule ? { scheduleEvidence: schedule.functions.map((e) => ({ function: e.function, schedule: positionSchedule(e, schedule!.runs) })) } : {}),
    options: {
      entryPoints: graph.entryPoints,
      observed: { reference: observedPoints(reference), online: observedPoints(online) },
      noise: { tmpdir: tmpdir(), fixtureVars: fixtureVariables([reference, online], { tmpdir: tmpdir() }) },
    },
  });
  end();
  return {
    version: 1,
    project: loaded.root,
    outcome,
    ...(notChecked ? { notChecked } : {}),
    runs: fuzzed.runs,
    ...(results.length > 1 ? { tests: results.length } : {}),
    strategy: options.strategy,
    seed: options.seed,
    root: graph.testRoot ? TEST_ROOT : graph.input.roots.map((id) => analysis.nodes.find((n) => n.id === id)?.name ?? id).join(', '),
    positions: foldPositions(result.positions).map((p) => ({ ...p, status: p.confirmed ? 'confirmed' : 'invariant drift only' })),
    hiddenFailureInvariants: result.noise.map(({ invariant: i, rule, also, detail }) => ({
      function: parsePoint(i.point).fn,
      point: i.point,
      reference: i.reference?.text ?? null,
      online: i.online?.text ?? null,
      relationship: i.relationship,
      type: i.type,
      noise: rule,
      ...(also ? { also } : {}),
      detail,
    })),
    violations: reportViolations,
    warnings,
    summary: {
      referenceInvariants: countJustified(reference),
      onlineInvariants: countJustified(online),
      failureInvariants: diff.failureInvariants.length,
      violations: fuzzed.violations,
      detectionRate: fuzzed.detectionRate,
      unreached: result.unreached,
      noise: noiseCounts(result.noise),
      ...(schedule ? { scheduleEvidence: { failedRuns: schedule.runs.failed, passedRuns: schedule.runs.passed, patterns: schedule.patterns.length } } : {}),
    },
  };
}

/** The report of a rank that checked nothing (issue 29): no positions, no all-clear. */
function notCheckedReport(loaded: LoadedConfig, options: RankOptions, runs: number, warnings: string[], notChecked: NotChecked, tests?: number): Report {
  return {
    version: 1, project: loaded.root, outcome: 'not-checked', notChecked, runs, ...(tests ? { tests } : {}), strategy: options.strategy, seed: options.seed, root: TEST_ROOT,
    positions: [], hiddenFailureInvariants: [], violations: [], warnings,
    summary: { referenceInvariants: 0, onlineInvariants: 0, failureInvariants: 0, violations: 0, detectionRate: 0, unreached: [], noise: noiseCounts([]) },
  };
}

/** Names for a sentence: the first few, then how many more. */
function listed(names: string[], max = 5): string {
  return names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
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
  };
}

function observedPoints(set: { points: { point: string; samples: number }[] }): string[] {
  return set.points.filter((p) => p.samples > 0).map((p) => p.point);
}

function countJustified(set: { points: { invariants: { justified: boolean }[] }[] }): number {
  return set.points.reduce((n, p) => n + p.invariants.filter((i) => i.justified).length, 0);
}

/** The call graph localize searches, with its root (run-orders.ts explains the choice): the
 *  configured roots as they are, or a virtual `(test)` root calling the graph's roots and every
 *  function the integration tests call directly. `entryPoints`: what the root calls directly. */
export function rootedGraph(analysis: StaticAnalysis, configuredRoots: string[], topLevel: string[]): { input: CallGraphInput; testRoot: boolean; entryPoints: string[] } {
  const base: CallGraphInput = {
    nodes: analysis.nodes,
    edges: analysis.edges,
    roots: analysis.roots,
    depth: analysis.depth,
    calledAfter: analysis.calledAfter,
    classes: analysis.classes,
  };
  if (configuredRoots.length && analysis.roots.length) {
    const entry = analysis.edges.filter((e) => analysis.roots.includes(e.from)).map((e) => e.to);
    return { input: base, testRoot: false, entryPoints: [...analysis.roots, ...entry] };
  }
  const ids = new Set<string>(analysis.roots);
  const byName = new Map<string, string[]>();
  for (const n of analysis.nodes) byName.set(n.name, [...(byName.get(n.name) ?? []), n.id]);
  for (const name of topLevel) for (const id of byName.get(name) ?? []) ids.add(id);
  const edges = [...analysis.edges.map((e) => ({ from: e.from, to: e.to })), ...[...ids].map((to) => ({ from: TEST_ROOT, to }))];
  return {
    input: { ...base, nodes: [{ id: TEST_ROOT, name: TEST_ROOT }, ...analysis.nodes], edges, roots: [TEST_ROOT], depth: undefined },
    testRoot: true,
    entryPoints: [...ids],
  };
}
