// `conlens isolate` and rank's isolation step (issue 30, Choi & Zeller, ISSTA 2002): the flow that
// runs the replays active/isolate-schedule.ts asks for. 1. The failing schedule is replayed under
// the systematic strategy, so its record lists every decision's candidates (its preemptions); it
// must fail the same way again. 2. The passing schedule: Node's own order when a run of it passes,
// else a passing run given by its decisions, replayed the same way. 3. ddmin over their
// differences, each candidate a real run of the tests (systematic strategy + preemption rules): a
// candidate that fails the same way fails, one that passes after making every preemption it asked
// passes, anything else is unresolved. 4. The critical preemption read off the minimal failing
// run: the function it suspended ranks first (localize/rank.ts), the story shows this schedule.
import type { LoadedConfig } from '../config/config-types.js';
import type { ScheduleSettings } from '../instrument/instrument-config.js';
import { replay, runSchedule, type FuzzStrategy } from '../active/fuzz.js';
import type { ExploredStep } from '../active/explored-steps.js';
import {
  criticalPreemption,
  DEFAULT_ISOLATE_BUDGET,
  firedAt,
  occurrenceAt,
  ranAhead,
  isolateSchedule,
  preemptionsOf,
  scheduleDifferences,
  type CandidateOutcome,
  type CandidateRules,
  type ScheduleIsolation,
} from '../active/isolate-schedule.js';
import { writeViolation, type RunAnalysis, type ScheduleStep, type Violation } from '../active/violation.js';

export type { ScheduleIsolation } from '../active/isolate-schedule.js';

export interface IsolateRequest {
  violation: Violation;
  /** A passing run's decisions, used when Node's own order fails too. */
  passing?: Record<string, string[]>;
  /** Or a passing run's strategy and seed: run again to learn its decisions (rank's runs keep no
   *  decisions for a passing run). */
  passingRun?: { strategy: FuzzStrategy; seed: number; steps?: number };
  /** Candidate replays at most (default 16). */
  budget?: number;
  stallMs?: number;
  signal?: AbortSignal;
  onReplay?: (what: string) => void;
}

/** Steps kept around the critical preemption in `schedule`. */
const BEFORE = 12;
const AFTER = 24;

export async function isolateFailure(loaded: LoadedConfig, request: IsolateRequest): Promise<ScheduleIsolation> {
  const { violation } = request;
  const budget = request.budget ?? DEFAULT_ISOLATE_BUDGET;
  let replays = 0;
  const run = async (settings: Omit<ScheduleSettings, 'strategy' | 'seed'>, what: string): Promise<RunAnalysis> => {
    replays++;
    request.onReplay?.(what);
    const settingsAll: ScheduleSettings = { strategy: 'systematic', seed: violation.seed, ...settings, ...(request.stallMs !== undefined ? { stallMs: request.stallMs } : {}) };
    return (await runSchedule(loaded, settingsAll, undefined, request.signal)).analysis;
  };
  const explored = (a: RunAnalysis): Record<string, ExploredStep[]> => a.explored ?? {};

  const failing = await run({ replay: violation.decisions }, 'the failing schedule, recording its candidates');
  if (failing.outcome !== violation.kind) {
    return { status: 'not-reproduced', reason: `replaying the failing schedule gave ${failing.outcome === 'pass' ? 'a pass' : failing.outcome}, not the ${violation.kind}: its failure depends on more than the schedule`, replays, budget };
  }
  let passing: RunAnalysis | undefined = await run({}, "Node's own order");
  let source: ScheduleIsolation['passing'] = 'node-order';
  if (passing.outcome !== 'pass') {
    let decisions = request.passing;
    if (!decisions && request.passingRun) {
      replays++;
      request.onReplay?.(`the passing run (strategy ${request.passingRun.strategy}, seed ${request.passingRun.seed}) again, for its decisions`);
      const again = await replay(loaded, { ...request.passingRun, ...(request.stallMs !== undefined ? { stallMs: request.stallMs } : {}) });
      if (again.outcome === 'pass') decisions = again.decisions;
    }
    passing = decisions ? await run({ replay: decisions }, 'the passing schedule, recording its candidates') : undefined;
    source = 'recorded';
    if (!passing || passing.outcome !== 'pass') {
      return {
        status: 'skipped',
        reason: request.passing || request.passingRun
          ? `Node's own order fails too (${violation.kind}), and the passing run did not pass again: no passing schedule to compare with`
          : `Node's own order fails too (${violation.kind}) and no run passed: no passing schedule to compare with — the failure does not need a preemption`,
        replays,
        budget,
      };
    }
  }
  const differences = scheduleDifferences(explored(failing), source === 'node-order' ? undefined : explored(passing));
  if (differences.length === 0) {
    return { status: 'skipped', reason: 'the failing and the passing schedule made the same preemptions: the outcome depends on something other than the schedule', passing: source, differences: 0, replays, budget };
  }
  const base = source === 'node-order' ? [] : preemptionsOf(explored(passing));
  // The runs of failing candidates, by the differences applied (the minimal one's is the story).
  const failingRuns = new Map<string, RunAnalysis>([[differences.map((_, i) => i).join(','), failing]]);
  const runCandidate = async (rules: CandidateRules, applied: typeof differences): Promise<CandidateOutcome> => {
    const analysis = await run({ preempt: rules }, `a candidate schedule with ${applied.length} of the ${differences.length} differences`);
    if (analysis.outcome === violation.kind) {
      failingRuns.set(applied.map((d) => differences.indexOf(d)).join(','), analysis);
      return 'fail';
    }
    if (analysis.outcome !== 'pass') return 'unresolved';
    const steps = explored(analysis);
    return Object.entries(rules).every(([process, list]) => list.every((rule) => firedAt(rule, steps[process] ?? []) !== undefined)) ? 'pass' : 'unresolved';
  };
  const result = await isolateSchedule(differences, base, runCandidate, { budget });
  const minimalRun = failingRuns.get(result.minimal.map((d) => differences.indexOf(d)).join(','))!;
  const minimalViolation = minimalRun.violation;
  const minimal = result.minimal.map((d) => {
    const steps = explored(minimalRun)[d.preemption.process] ?? [];
    const p = d.preemption;
    const decision = d.side === 'failing' ? firedAt(p, steps) : ranAhead(p.before, p.beforeNth, p.run, p.nth, steps);
    const waiting = d.side === 'failing' ? occurrenceAt(p.before, p.beforeNth, steps) : occurrenceAt(p.run, p.nth, steps);
    return minimalViolation ? criticalPreemption(d, minimalViolation, decision, waiting) : { side: d.side, text: `${d.preemption.run} ahead of ${d.preemption.before}` };
  });
  const critical = minimal.find((m) => m.suspended) ?? minimal[0];
  let schedule: ScheduleStep[] | undefined;
  let violationFile: string | undefined;
  if (minimalViolation) {
    minimalViolation.strategy = 'systematic';
    violationFile = writeViolation(minimalViolation);
    const at = critical?.decision === undefined ? -1 : minimalViolation.schedule.findIndex((s) => s.event.includes(`(decision ${critical.decision},`));
    schedule = at < 0 ? minimalViolation.schedule.slice(-AFTER) : minimalViolation.schedule.slice(Math.max(0, at - BEFORE), at + AFTER);
  }
  return {
    status: 'isolated',
    passing: source,
    differences: differences.length,
    replays,
    candidates: result.replays,
    budget,
    ...(result.cut ? { cut: true } : {}),
    minimal,
    ...(critical ? { story: critical.text } : {}),
    ...(critical?.suspended ? { suspended: critical.suspended } : {}),
    ...(violationFile ? { violationFile } : {}),
    ...(schedule ? { schedule } : {}),
  };
}
