// `conlens rank`: the whole 004 pipeline on a project, stage by stage —
//   (synthesized integration tests) → static call graph → unit runs traced → reference invariants
//   → integration runs under the controlled scheduler → coverage verdict → online invariants →
//   schedule isolation (Choi & Zeller: replays), schedule evidence, failure invariants (diff), the
//   violations' evidence → reduction, failure flags, DFS, S_rate (localize) → report.
// This file is the flow and nothing else: each step is a function of a stage (or of
// rank-steps.ts / synth-rank.ts, which run and read the processes); it checks the preconditions
// the analysis needs before anything runs and stops early, with a not-checked report, when there
// is nothing to rank.
import { noChoiceText } from '../active/outcome.js';
import type { LoadedConfig } from '../config/config-types.js';
import { ConfigError } from '../config/config-error.js';
import { includeMatchesNothing } from '../config/include-check.js';
import { failureInvariants } from '../invariants/diff.js';
import { mineInvariants } from '../invariants/miner.js';
import { evidenceSets } from '../localize/evidence-sets.js';
import { integrationFacts, rootedGraph } from '../localize/run-orders.js';
import { notCheckedReport, rankReport, reportViolation, REPORTED_VIOLATIONS, type RankRun } from '../report/rank-report.js';
import type { Report } from '../report/report-types.js';
import { analyzeProject } from '../static/analyze.js';
import { RankClock, RankInputError, type RankOptions } from './rank-options.js';
import { testCaseKey } from '../trace/test-cases.js';
import { countJustified, failingTests, coverageVerdict, integrationRuns, isolationOf, readViolations, referenceInvariants, scheduleEvidenceOf, suspiciousPositions, timingOnlyOf } from './rank-steps.js';
import { integrationSuite } from './synth-rank.js';

export async function rankProject(loaded: LoadedConfig, options: RankOptions): Promise<Report> {
  // Ranking nothing must not read as an all-clear: an include naming no file is an error.
  const noFiles = includeMatchesNothing(loaded);
  if (noFiles) throw new ConfigError([{ file: loaded.file, line: 0, column: 0, path: 'include', message: noFiles }]);
  const { config } = loaded;
  if (!config.unit) throw new RankInputError(`${loaded.file}: no "unit" command: reference invariants come from a passing sequential suite; add { "unit": { "command": "…" } }`);
  const clock = new RankClock(options);
  const warnings: string[] = [];
  // `tests`: the synthesized tests fuzzed one at a time; the report counts them when more than one.
  let exploration: RankRun['exploration'];
  let noChoice: string | undefined;
  let timingOnly: string | undefined;
  const rankRun = (runs: number, tests: number): RankRun => ({ project: loaded.root, runs, ...(tests > 1 ? { tests } : {}), strategy: options.strategy, seed: options.seed, warnings, ...(exploration ? { exploration } : {}), ...(noChoice ? { noChoice } : {}), ...(timingOnly ? { timingOnly } : {}) });

  // DESIGN §1 step 1: no concurrent tests (or asked to) — synthesize them from the unit tests.
  const prepared = await integrationSuite(loaded, options, clock);
  if ('notChecked' in prepared) {
    clock.end();
    return notCheckedReport(rankRun(0, 0), prepared.notChecked);
  }
  const suite = prepared;
  if (suite.warning) warnings.push(suite.warning);

  clock.stage('call graph', 'building the static call graph');
  const analysis = analyzeProject(loaded.root, { include: config.include, roots: config.roots, atomic: config.atomic, locks: config.locks });

  const unit = await referenceInvariants(suite.loaded, options, clock);
  if (unit.warning) warnings.push(unit.warning);
  const { reference } = unit;

  const { fuzzed, tests } = await integrationRuns(suite, options, clock);
  if (fuzzed.systematic) exploration = fuzzed.systematic;
  noChoice = noChoiceText(fuzzed.outcomes);
  // Synthesized tests run only under the tool (their oracle compares sequential orders): no plain run to judge by.
  timingOnly = suite.synthesized ? undefined : await timingOnlyOf(suite.loaded, fuzzed.outcomes, options, clock);
  const runDirs = fuzzed.outcomes.map((o) => o.runDir);
  const read = readViolations(fuzzed.outcomes);
  warnings.push(...read.warnings);
  // Issue 31: with several test cases per file, the failing ones' events are the analysis's —
  // in every run, failing or passing — so another test's calls neither rank nor tell the story.
  const failing = failingTests(read.violations.map((v) => v.violation));
  const testCases = failing.length ? new Set(failing.map(testCaseKey)) : undefined;
  const facts = await integrationFacts(runDirs, config.roots ?? [], testCases);
  const verdict = coverageVerdict(suite, fuzzed, facts);
  if (verdict.nothingToRank) {
    clock.end();
    return notCheckedReport(rankRun(fuzzed.runs, tests), verdict.nothingToRank);
  }
  const slow = fuzzed.outcomes.filter((o) => o.inconclusive);
  if (slow.length) warnings.push(`${slow.length} of ${fuzzed.runs} integration runs (seeds ${slow.map((o) => o.seed).join(', ')}) ran out of time while still working: not counted as failures, and what they did after that is unchecked: ${slow[0].inconclusive}`);
  const hangs = fuzzed.outcomes.filter((o) => o.outcome === 'hang');
  if (hangs.length) {
    warnings.push(`${hangs.length} of ${fuzzed.runs} integration runs hung (seeds ${hangs.map((o) => o.seed).join(', ')}): reported as violations; their traces up to the hang are used`);
  }

  clock.stage('online invariants', 'mining the online invariants');
  const online = await mineInvariants(runDirs, { confidence: options.confidence, testCases });

  clock.stage('localize', 'schedule evidence, failure invariants, reduction, failure flags, search, ranking');
  // Choi & Zeller: the first failing run's schedule narrowed to the preemption it needs.
  // Failures from timing alone (timingOnlyOf) are no evidence: nothing they touched is confirmed.
  const { isolation, warning: isolationWarning } = timingOnly ? {} : await isolationOf(suite, fuzzed, read.violations, options, clock);
  if (isolationWarning) warnings.push(isolationWarning);
  // A deadlock's cause is its wait-for cycle (the deadlocked tier), not a split region: its
  // isolation is told, but lifts no function.
  const isolatedKind = read.violations[0]?.violation.kind;
  const isolated = isolation?.suspended && isolation.story && isolatedKind !== 'deadlock' ? { function: isolation.suspended.function, text: isolation.story } : undefined;
  const { schedule, warning: scheduleWarning } = timingOnly ? {} : await scheduleEvidenceOf(fuzzed.outcomes);
  if (scheduleWarning) warnings.push(scheduleWarning);
  const diff = failureInvariants(reference, online);
  // The stories are told either way (the report shows what failed); only the sets confirm.
  const { sets: found, explained } = evidenceSets(read.violations.map((v) => v.violation), analysis, config.atomic);
  const sets = timingOnly ? evidenceSets([], analysis, config.atomic).sets : found;
  const graph = rootedGraph(analysis, config.roots ?? [], facts.topLevel);
  const localized = suspiciousPositions({ reference, online, diff, graph, facts, evidence: sets, outcomes: fuzzed.outcomes, ...(schedule ? { schedule } : {}), ...(isolated ? { isolated } : {}) });
  clock.end();

  return rankReport({
    ...rankRun(fuzzed.runs, tests),
    outcome: verdict.outcome,
    ...(failing.length ? { failingTests: failing } : {}),
    ...(verdict.notChecked ? { notChecked: verdict.notChecked } : {}),
    root: graph.root,
    localized,
    violations: explained.slice(0, REPORTED_VIOLATIONS).map((e, i) => reportViolation(e, read.violations[i].file, suite.synthesized !== undefined)),
    counts: {
      referenceInvariants: countJustified(reference),
      onlineInvariants: countJustified(online),
      failureInvariants: diff.failureInvariants.length,
      violations: fuzzed.violations,
      detectionRate: fuzzed.detectionRate,
    },
    ...(schedule ? { schedule } : {}),
    ...(isolation ? { isolation } : {}),
  });
}
