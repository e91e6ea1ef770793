// The report of `conlens rank` (DESIGN §4): what the CLI prints, writes as JSON and the editor shows.
import type { SystematicSummary } from '../active/systematic.js';
import type { PositionInvariant, SuspiciousPosition } from '../localize/localize-types.js';
import type { PotentialViolation } from '../active/hybrid-analysis.js';
import type { NoiseRule } from '../localize/noise.js';
import type { FoldedPosition } from './fold-positions.js';
import type { ScheduleStep, SearchPlace, SlowCallAssumption, ViolationKind } from '../active/violation.js';
import type { Interleaving } from '../localize/interleaving.js';
import type { NotChecked, Outcome } from '../active/outcome.js';
import type { TestCase } from '../trace/test-cases.js';
import type { ScheduleIsolation } from '../active/isolate-schedule.js';

export interface ReportViolation {
  kind: ViolationKind;
  message: string;
  strategy: string;
  seed: number;
  /** A schedule of the systematic search: which one (Violation.search). */
  search?: SearchPlace;
  file?: string;
  /** The test cases that failed in this run (Violation.testCases). */
  testCases?: TestCase[];
  trace: ScheduleStep[];
  /** A deadlock's wait-for cycle, as readable edges. */
  cycle?: string[];
  /** The functions this violation implicates (localize/confirm.ts, and the interleaving's owner
   *  and conflicting writer). */
  implicated: string[];
  /** The violation in one paragraph, in the user's terms (localize/interleaving.ts storyOf). */
  story?: string;
  /** The unserializable interleaving: the atomic region, the conflicting access, the pattern
   *  (001 Table 1) and its three steps (localize/interleaving.ts). Absent for a deadlock or when
   *  the schedule shows no conflicting pair. */
  interleaving?: Interleaving;
  /** Without an interleaving: the order dependence nearest the failure (localize/interleaving.ts
   *  foreignRead, an order violation's candidate): the two steps and the writer's and reader's
   *  tasks. `kind`: the read saw the other task's write (`read-after-write`; reports without
   *  `kind` have only this one) or came before it (`read-before-write`, a stale read); `via`: for
   *  a stale read through a field the write replaced (`table` of `table.EUR`), the reader's reads
   *  on that path, outermost first; `write-after-write`: no read on either side, `write` is the
   *  earlier and `read` the later of two tasks' writes of one location (a timeout's callback and
   *  a late answer both reporting). */
  order?: { write: number; read: number; tasks: [string, string]; kind?: 'read-after-write' | 'read-before-write' | 'write-after-write'; via?: number[] };
  /** For a run of synthesized tests (conlens synth): the linearization oracle's verdict (002
   *  Alg. 2) — a concurrency error, since a misuse that a sequential order shows is not reported. */
  verdict?: string;
  /** assetfuzzer: the atomic-set serializability violation (001) the run realised before failing. */
  serializability?: PotentialViolation;
  /** Awaited calls the run treated as slow I/O although they settled at once (active/violation.ts
   *  SlowCallAssumption): the finding holds only if each can take that long. */
  assumes?: SlowCallAssumption[];
}

/** A failure invariant a noise rule kept out of the ranking (localize/noise.ts), with its rule. */
export interface HiddenFailureInvariant extends PositionInvariant {
  /** The function of its program point (display name). */
  function: string;
  noise: NoiseRule;
  also?: NoiseRule[];
  detail: string;
}

export interface Report {
  version: 1;
  project: string;
  /** checked (nothing failed), finding (a run failed) or not-checked (active/outcome.ts: no run,
   *  no test executed, none of the code called, no concurrent work) — then `notChecked` says what
   *  was not checked, why and what to do. Absent in reports of earlier versions. */
  outcome?: Outcome;
  notChecked?: NotChecked;
  /** The test cases that failed in the scheduled runs (issue 31), when the runner's hooks recorded
   *  them: positions and stories come from their events only. */
  failingTests?: TestCase[];
  /** Integration runs under the scheduler. */
  runs: number;
  /** Synthesized tests fuzzed one at a time (rank --synthesize): `runs` is tests × runs each,
   *  every test with the same seeds. Absent for one integration suite. */
  tests?: number;
  strategy: string;
  seed: number;
  /** Under the systematic strategy: how far the preemption-bounded search got, and its bounded
   *  guarantee in plain words (`statement`; active/systematic.ts). */
  exploration?: SystematicSummary;
  /** No run had a choice to make: the sentence that says the runs took Node's own order only
   *  (active/outcome.ts noChoiceText). */
  noChoice?: string;
  /** Every failing run made no choice of order and plain runs all passed: the failures came from
   *  timing (the tracing's slowdown), and confirm nothing (pipeline/rank-steps.ts timingOnlyOf). */
  timingOnly?: string;
  /** What order and depth count from: `(test)` (the integration test is the root) or the
   *  configured roots (localize/run-orders.ts). */
  root: string;
  /** One row per function (fold-positions.ts): `via` keeps the positions folded into it. */
  positions: (SuspiciousPosition & { status: 'confirmed' | 'invariant drift only'; via?: FoldedPosition[]; rawRank?: number })[];
  /** The failure invariants the noise rules hid, each marked with its rule (`--all` shows them). */
  hiddenFailureInvariants?: HiddenFailureInvariant[];
  /** At most the first five real violations (all of them confirm positions). */
  violations: ReportViolation[];
  /** Schedule isolation (issue 30, Choi & Zeller): the first failing run's schedule narrowed to
   *  the preemption the failure needs, with the function it suspended (ranked first) and the
   *  minimal failing schedule; or why it was skipped (Node's own order fails too). Absent when
   *  no run failed, the tests were synthesized or it was turned off. */
  isolation?: ScheduleIsolation;
  /** Things that did not stop the analysis but that the user must know (hangs, …). */
  warnings: string[];
  /** Numbers a user wants to see next to the ranking. */
  summary: {
    referenceInvariants: number;
    onlineInvariants: number;
    failureInvariants: number;
    /** Integration runs that showed a real violation. */
    violations: number;
    detectionRate: number;
    unreached: string[];
    /** Failure invariants each noise rule hid. */
    noise?: Record<NoiseRule, number>;
    /** Schedule evidence (issue 30): the runs it counted (the unit run is a passing one) and the
     *  access patterns failing runs showed. Absent when no run failed. */
    scheduleEvidence?: { failedRuns: number; passedRuns: number; patterns: number };
  };
}
