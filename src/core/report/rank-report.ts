// The report of `conlens rank` put together from what the stages produced (pipeline/rank.ts runs
// them): the ranking folded to one row per function, the failure invariants noise hid, the first
// few violations told as stories, and the summary counts. Plain JSON in and out, no I/O.
import type { NotChecked, Outcome } from '../active/outcome.js';
import type { TestCase } from '../trace/test-cases.js';
import type { ExplainedViolation } from '../localize/evidence-sets.js';
import { foreignRead, storyOf } from '../localize/interleaving.js';
import type { LocalizeResult } from '../localize/localize-types.js';
import { noiseCounts } from '../localize/noise.js';
import { parsePoint } from '../localize/reduce.js';
import { TEST_ROOT } from '../localize/run-orders.js';
import type { SystematicSummary } from '../active/systematic.js';
import type { ScheduleEvidence } from '../localize/schedule-evidence/index.js';
import type { ScheduleIsolation } from '../active/isolate-schedule.js';
import { foldPositions } from './fold-positions.js';
import type { Report, ReportViolation } from './report-types.js';

/** Violations kept in the report (all of them confirm; the report shows the first few). */
export const REPORTED_VIOLATIONS = 5;

/** What a rank was: its project, runs and options. */
export interface RankRun {
  project: string;
  /** Integration runs under the scheduler. */
  runs: number;
  /** Synthesized tests fuzzed one at a time, when more than one (Report.tests). */
  tests?: number;
  strategy: string;
  seed: number;
  warnings: string[];
  exploration?: SystematicSummary;
  /** No run had a choice to make (outcome.ts noChoiceText): what the runs checked, in words. */
  noChoice?: string;
  /** Every failure came from timing, not from an order (rank-steps.ts timingOnlyOf): in words. */
  timingOnly?: string;
}

export interface RankReportInput extends RankRun {
  outcome: Outcome;
  notChecked?: NotChecked;
  failingTests?: TestCase[];
  /** What order and depth count from (localize/run-orders.ts rootedGraph). */
  root: string;
  localized: LocalizeResult;
  violations: ReportViolation[];
  counts: { referenceInvariants: number; onlineInvariants: number; failureInvariants: number; violations: number; detectionRate: number };
  schedule?: ScheduleEvidence;
  /** Schedule isolation (Choi & Zeller) of the first failing run, when it was tried. */
  isolation?: ScheduleIsolation;
}

export function rankReport(input: RankReportInput): Report {
  const { localized: result, schedule } = input;
  return {
    version: 1,
    project: input.project,
    outcome: input.outcome,
    ...(input.notChecked ? { notChecked: input.notChecked } : {}),
    ...(input.failingTests?.length ? { failingTests: input.failingTests } : {}),
    runs: input.runs,
    ...(input.tests ? { tests: input.tests } : {}),
    strategy: input.strategy,
    seed: input.seed,
    ...(input.exploration ? { exploration: input.exploration } : {}),
    ...(input.noChoice ? { noChoice: input.noChoice } : {}),
    ...(input.timingOnly ? { timingOnly: input.timingOnly } : {}),
    root: input.root,
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
    violations: input.violations,
    ...(input.isolation ? { isolation: input.isolation } : {}),
    warnings: input.warnings,
    summary: {
      referenceInvariants: input.counts.referenceInvariants,
      onlineInvariants: input.counts.onlineInvariants,
      failureInvariants: input.counts.failureInvariants,
      violations: input.counts.violations,
      detectionRate: input.counts.detectionRate,
      unreached: result.unreached,
      noise: noiseCounts(result.noise),
      ...(schedule ? { scheduleEvidence: { failedRuns: schedule.runs.failed, passedRuns: schedule.runs.passed, patterns: schedule.patterns.length } } : {}),
    },
  };
}

/** The report of a rank that checked nothing (issue 29): no positions, no all-clear. */
export function notCheckedReport(run: RankRun, notChecked: NotChecked): Report {
  return {
    version: 1, project: run.project, outcome: 'not-checked', notChecked, runs: run.runs, ...(run.tests ? { tests: run.tests } : {}), strategy: run.strategy, seed: run.seed, root: TEST_ROOT,
    positions: [], hiddenFailureInvariants: [], violations: [], warnings: run.warnings,
    summary: { referenceInvariants: 0, onlineInvariants: 0, failureInvariants: 0, violations: 0, detectionRate: 0, unreached: [], noise: noiseCounts([]) },
  };
}

/** A violation as the report tells it: its story, the interleaving (or the order dependence
 *  nearest the failure) and the steps they cite. `file`: its violation.json. */
export function reportViolation(explained: ExplainedViolation, file: string, synthesized: boolean): ReportViolation {
  const { violation, input, interleaving } = explained;
  const order = interleaving ? undefined : foreignRead(input);
  const cited = new Set([...(interleaving?.steps.map((s) => s.step) ?? []), ...(order ? [order.write.step, order.read.step, ...(order.via ?? []).map((s) => s.step)] : [])]);
  return {
    kind: violation.kind,
    message: violation.message,
    strategy: violation.strategy,
    seed: violation.seed,
    ...(violation.search ? { search: violation.search } : {}),
    file,
    ...(violation.testCases?.length ? { testCases: violation.testCases } : {}),
    // The reads stay in violation.json; the report keeps the ones the interleaving names
    // (a schedule's reads can triple its size).
    trace: violation.schedule.filter((s) => s.access?.op !== 'read' || cited.has(s.step)),
    ...(violation.cycle ? { cycle: violation.cycle } : {}),
    implicated: explained.implicated,
    story: storyOf(input, interleaving),
    ...(interleaving ? { interleaving } : {}),
    ...(order ? { order: { write: order.write.step, read: order.read.step, tasks: [order.write.task, order.read.task], kind: order.kind, ...(order.via ? { via: order.via.map((s) => s.step) } : {}) } } : {}),
    ...(synthesized ? { verdict: violation.message.includes('no linearization shows') ? 'concurrency error: no sequential order of the two calls shows this outcome (002 Alg. 2)' : `a ${violation.kind} the scheduler found while running the synthesized tests (not an oracle verdict: their sequential orders were not compared)` } : {}),
    ...(violation.serializability ? { serializability: violation.serializability } : {}),
    ...(violation.assumes ? { assumes: violation.assumes } : {}),
  };
}
