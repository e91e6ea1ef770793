// Choi & Zeller, "Isolating failure-inducing thread schedules" (ISSTA 2002): given a passing and a
// failing schedule, delta-debug the differences between them — replaying each candidate schedule —
// down to a minimal difference that still makes the run fail; usually one preemption.
//
// Carried to async Node: a schedule is Node's own order (the continuation parked first runs next,
// runtime/strategies/systematic.ts) plus the preemptions the scheduler made — decisions where it ran
// another ready continuation instead. Two schedules' differences are the preemptions one made and
// the other did not (§3 of the paper aligns thread switches by time; here a preemption is aligned by
// the step identity the trace gives: the continuation run and the one it went ahead of, each by its
// key and occurrence — steps of one task keep their identity whatever the other tasks do). A candidate schedule is the passing one with a subset of the
// differences applied: the failing run's preemptions in it added, the passing run's in it removed.
// ddmin (Zeller & Hildebrandt, "Simplifying and isolating failure-inducing input", TSE 2002, Fig. 5)
// narrows the set, with "unresolved" for a candidate that could not be replayed as asked (a
// preemption whose situation never came up) or that failed otherwise than the failing run.
//
// Plain JSON in and out: the runs themselves are an injected `runCandidate` (pipeline/isolate.ts
// runs real test processes), so the algorithm is tested on hand-made cases.
import type { PreemptionRule } from '../instrument/instrument-config.js';
import type { ExploredStep } from './explored-steps.js';
import type { ScheduleStep, Violation } from './violation.js';

/** A preemption a recorded run made, as a rule that replays it. */
export interface Preemption extends PreemptionRule {
  /** The test process (its key, as `Violation.decisions`). */
  process: string;
  /** The decision (from 1) of its run where it happened. */
  decision: number;
}

/** One difference between the failing and the passing schedule: a preemption only one made. */
export interface ScheduleDifference {
  /** `failing`: applying it adds the failing run's preemption; `passing`: removes the passing run's. */
  side: 'failing' | 'passing';
  preemption: Preemption;
}

export type CandidateOutcome = 'fail' | 'pass' | 'unresolved';

/** The rules of a candidate schedule, per process (ScheduleSettings.preempt). */
export type CandidateRules = Record<string, PreemptionRule[]>;

export interface IsolationResult {
  /** How many differences the two schedules had. */
  differences: number;
  /** A 1-minimal set of them that still fails (ddmin): the failure-inducing schedule difference. */
  minimal: ScheduleDifference[];
  /** The candidate schedule the minimal set gives (the rules replayed). */
  rules: CandidateRules;
  /** Candidate schedules replayed. */
  replays: number;
  /** The replay budget ran out before ddmin finished: `minimal` is the smallest failing set found. */
  cut: boolean;
  /** Every candidate tried, in order: which differences (indexes) it applied and what happened. */
  trials: { applied: number[]; outcome: CandidateOutcome }[];
}

const ruleOf = (p: Preemption): PreemptionRule => ({ run: p.run, nth: p.nth, before: p.before, beforeNth: p.beforeNth });
const sameRule = (a: Preemption, b: Preemption) => a.process === b.process && a.run === b.run && a.before === b.before && a.nth === b.nth && a.beforeNth === b.beforeNth;

const ranBefore = (steps: readonly ExploredStep[], j: number, key: string) => {
  let n = 0;
  for (let i = 0; i < j; i++) if (steps[i].key === key) n++;
  return n;
};

/** The preemptions of a run whose steps list their candidates (a systematic-strategy run): each
 *  decision that ran another candidate than the first, the two named by key and occurrence. A
 *  decision without its candidates recorded is Node's own. */
export function preemptionsOf(explored: Record<string, ExploredStep[]>): Preemption[] {
  const found: Preemption[] = [];
  for (const [process, steps] of Object.entries(explored)) {
    for (let j = 0; j < steps.length; j++) {
      const candidates = steps[j].candidates;
      if (!candidates || candidates.length < 2 || steps[j].key === candidates[0]) continue;
      const run = steps[j].key;
      const before = candidates[0];
      found.push({ process, run, nth: ranBefore(steps, j, run), before, beforeNth: ranBefore(steps, j, before), decision: j + 1 });
    }
  }
  return found;
}

/** The decision (from 1) at which a rule's preemption happened in a run, or undefined: the run
 *  never made it (the two steps were never ready together that way). */
export function firedAt(rule: PreemptionRule, steps: readonly ExploredStep[]): number | undefined {
  let ran = 0;
  for (let j = 0; j < steps.length; j++) {
    if (steps[j].key !== rule.run) continue;
    if (ran++ !== rule.nth) continue;
    return steps[j].candidates?.[0] === rule.before && ranBefore(steps, j, rule.before) === rule.beforeNth ? j + 1 : undefined;
  }
  return undefined;
}

/** The decision (from 1) at which the `nth` run of `key` ran while `other` (its `otherNth` run)
 *  was ready too — where a left-out preemption of the passing run became Node's own order. */
export function ranAhead(key: string, nth: number, other: string, otherNth: number, steps: readonly ExploredStep[]): number | undefined {
  let ran = 0;
  for (let j = 0; j < steps.length; j++) {
    if (steps[j].key !== key || ran++ !== nth) continue;
    return steps[j].candidates?.includes(other) && ranBefore(steps, j, other) === otherNth ? j + 1 : undefined;
  }
  return undefined;
}

/** The decision (from 1) of the `nth` run of `key` in a run's steps. */
export function occurrenceAt(key: string, nth: number, steps: readonly ExploredStep[]): number | undefined {
  let ran = 0;
  for (let j = 0; j < steps.length; j++) if (steps[j].key === key && ran++ === nth) return j + 1;
  return undefined;
}

/** The differences between a failing and a passing schedule (absent: Node's own order, no
 *  preemption at all). */
export function scheduleDifferences(failing: Record<string, ExploredStep[]>, passing?: Record<string, ExploredStep[]>): ScheduleDifference[] {
  const f = preemptionsOf(failing);
  const p = passing ? preemptionsOf(passing) : [];
  return [
    ...f.filter((x) => !p.some((y) => sameRule(x, y))).map((preemption) => ({ side: 'failing' as const, preemption })),
    ...p.filter((y) => !f.some((x) => sameRule(x, y))).map((preemption) => ({ side: 'passing' as const, preemption })),
  ];
}

/** The candidate schedule with `applied` differences: the passing run's preemptions common to both
 *  or not applied, plus the failing run's applied ones, in decision order per process. */
export function candidateRules(passing: Preemption[], applied: ScheduleDifference[]): CandidateRules {
  const removed = applied.filter((d) => d.side === 'passing').map((d) => d.preemption);
  const kept = passing.filter((p) => !removed.some((r) => sameRule(p, r)));
  const all = [...kept, ...applied.filter((d) => d.side === 'failing').map((d) => d.preemption)].sort((a, b) => a.decision - b.decision);
  const rules: CandidateRules = {};
  for (const p of all) (rules[p.process] ??= []).push(ruleOf(p));
  return rules;
}

export interface IsolateOptions {
  /** Candidate replays at most (default 16). */
  budget?: number;
}

export const DEFAULT_ISOLATE_BUDGET = 16;

/** ddmin over the differences (Zeller & Hildebrandt, TSE 2002, Fig. 5, with their handling of
 *  unresolved tests): split the failing set into n parts; a part that fails alone is the new set
 *  (n = 2), else a complement that fails is (n − 1), else split finer (2n) until n reaches the
 *  set's size. The empty set (the passing schedule) and the whole set (the failing one) are known
 *  to pass and fail: the caller replayed both. No candidate is replayed twice. */
export async function isolateSchedule(
  differences: ScheduleDifference[],
  passing: Preemption[],
  runCandidate: (rules: CandidateRules, applied: ScheduleDifference[]) => Promise<CandidateOutcome>,
  options: IsolateOptions = {},
): Promise<IsolationResult> {
  const budget = options.budget ?? DEFAULT_ISOLATE_BUDGET;
  const trials: IsolationResult['trials'] = [];
  const cache = new Map<string, CandidateOutcome>();
  let cut = false;
  const test = async (subset: number[]): Promise<CandidateOutcome | undefined> => {
    const key = subset.join(',');
    const known = cache.get(key);
    if (known) return known;
    if (trials.length >= budget) {
      cut = true;
      return undefined;
    }
    const applied = subset.map((i) => differences[i]);
    const outcome = await runCandidate(candidateRules(passing, applied), applied);
    cache.set(key, outcome);
    trials.push({ applied: subset, outcome });
    return outcome;
  };
  let c = differences.map((_, i) => i);
  let n = 2;
  search: while (c.length >= 2) {
    const parts = split(c, n);
    let next: number[] | undefined;
    for (const part of parts) {
      const outcome = await test(part);
      if (outcome === undefined) break search;
      if (outcome === 'fail') {
        next = part;
        n = 2;
        break;
      }
    }
    // With two parts each one's complement is the other: already tested.
    if (!next && n > 2) {
      for (const part of parts) {
        const complement = c.filter((i) => !part.includes(i));
        const outcome = await test(complement);
        if (outcome === undefined) break search;
        if (outcome === 'fail') {
          next = complement;
          n = Math.max(n - 1, 2);
          break;
        }
      }
    }
    if (next) c = next;
    else if (n >= c.length) break;
    else n = Math.min(2 * n, c.length);
  }
  const minimal = c.map((i) => differences[i]);
  return { differences: differences.length, minimal, rules: candidateRules(passing, minimal), replays: trials.length, cut, trials };
}

/** `c` in n parts of (nearly) equal size, in order. */
function split(c: number[], n: number): number[][] {
  const parts: number[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = start + Math.floor((c.length - start) / (n - i));
    parts.push(c.slice(start, end));
    start = end;
  }
  return parts.filter((p) => p.length > 0);
}

/** One preemption of the minimal schedule difference, as the failing candidate's run showed it. */
export interface CriticalPreemption {
  side: ScheduleDifference['side'];
  /** The decision (from 1) of the minimal failing run where it happened (absent: not seen). */
  decision?: number;
  /** The step that ran ahead: its task, function and line, and what it accessed before the next
   *  decision. */
  ran?: { task: string; function: string; file: string; line: number; accesses: string[] };
  /** The continuation it went ahead of: suspended there, its region split by the step that ran. */
  suspended?: { task: string; function: string; file: string; line: number };
  /** The suspended task's step before the preemption (its check). */
  after?: { function: string; line: number; event: string };
  /** The preemption in the user's words. */
  text: string;
}

/** A callback's step names itself with its line already ("setImmediate callback (line 8)"). */
const ranText = (ran: { function: string; line: number }) => (/\(line \d+\)$/.test(ran.function) ? ran.function : `${ran.function} line ${ran.line}`);

/** The function of the nearest activation that is `a` or a caller of it and also `b` or a caller
 *  of it (Violation.frames); undefined when the frames do not say. */
function commonCaller(a: number, b: number, frames: Violation['frames']): string | undefined {
  if (!frames) return undefined;
  const chain = new Set<number>();
  for (let x: number | null = a, n = 0; x !== null && n < 64; x = frames[String(x)]?.parent ?? null, n++) chain.add(x);
  for (let x: number | null = b, n = 0; x !== null && n < 64; x = frames[String(x)]?.parent ?? null, n++) if (chain.has(x)) return frames[String(x)]?.function;
  return undefined;
}

const isDecision = (step: ScheduleStep) => /\(decision \d+,/.test(step.event);
const withoutDecision = (event: string) => event.replace(/ \(decision \d+,[^)]*\)$/, '');

/** The critical preemption in the user's words, read off the minimal failing run's violation: "T2
 *  ran Account.deposit line 12 (reads `balance`) between T1's Account.withdraw line 8 (reads
 *  `balance`) and its resumption at src/account.ts:9". A difference on the passing side (a
 *  preemption the passing run made, left out) is the same story the other way round: Node's own
 *  choice ran while the continuation the passing run preferred waited. `decision`: where the step
 *  that ran did (failing side: firedAt; passing side: ranAhead); `waitingDecision`: where the one
 *  that waited ran at last (occurrenceAt). */
export function criticalPreemption(difference: ScheduleDifference, violation: Pick<Violation, 'schedule' | 'process' | 'frames'>, decision: number | undefined, waitingDecision?: number): CriticalPreemption {
  const { preemption, side } = difference;
  const [ranKey, waitingKey] = side === 'failing' ? [preemption.run, preemption.before] : [preemption.before, preemption.run];
  const fallback = side === 'failing'
    ? `${preemption.run} ran ahead of ${preemption.before}, Node's own choice (decision ${decision ?? preemption.decision})`
    : `Node's own order: ${preemption.before} ran ahead of ${preemption.run}, which the passing run ran first (its decision ${preemption.decision})`;
  if (decision === undefined || preemption.process !== violation.process) return { side, text: fallback };
  const { schedule } = violation;
  const at = schedule.findIndex((s) => s.event.includes(`(decision ${decision},`));
  if (at < 0) return { side, decision, text: fallback };
  const head = schedule[at];
  const accesses: string[] = [];
  const ranAccesses: NonNullable<ScheduleStep['access']>[] = [];
  for (let k = at + 1; k < schedule.length && !isDecision(schedule[k]); k++) {
    const step = schedule[k];
    if (step.task === head.task && step.access) ranAccesses.push(step.access);
    if (step.task === head.task && step.access && accesses.length < 3) accesses.push(step.function === head.function ? step.event : `${step.function} ${step.event}`);
  }
  const ran = { task: head.task, function: head.function, file: head.file, line: head.line, accesses };
  // The continuation it went ahead of, `<activation>@<site>`: its resumption later in the run.
  // The continuation (or callback: `c<registration>.<firing>@<site>`) that waited: its own
  // decision when the run's steps say it, else its activation's next resumption.
  const act = /^\d+(?=@)/.exec(waitingKey)?.[0];
  const resumed = waitingDecision !== undefined
    ? schedule.slice(at + 1).find((s) => s.event.includes(`(decision ${waitingDecision},`))
    : act === undefined ? undefined : schedule.slice(at + 1).find((s) => isDecision(s) && String(s.a) === act);
  if (!resumed) return { side, decision, ran, text: `the failure needs only this: ${ran.task} ran ${ranText(ran)}${accesses.length ? ` (${accesses.join('; ')})` : ''} ahead of ${waitingKey}` };
  const before = schedule.slice(0, at).reverse();
  const last = before.find((s) => s.task === resumed.task);
  // The region the step split: from the waiting task's last access before it (its check) to its
  // resumption — owned by the nearest call both were made in (interleaving.ts does the same for a
  // violation's region): getChk's read and setEqChk's write are copyFrom's region.
  // Its check is the last access the step that ran conflicts with (one location, one writing); a
  // step with no access of its own (a callback that lets other tasks in) splits whatever the task
  // had accessed last.
  const written = ranAccesses.filter((x) => x.op === 'write');
  const conflicts = (s: ScheduleStep) => !!s.access && (s.access.op === 'write' ? ranAccesses : written).some((x) => x.obj === s.access!.obj && x.k === s.access!.k);
  const check = before.find((s) => s.task === resumed.task && conflicts(s)) ?? before.find((s) => s.task === resumed.task && s.access) ?? last;
  const owner = check?.a !== undefined && resumed.a !== undefined ? commonCaller(check.a, resumed.a, violation.frames) : undefined;
  const suspended = owner && owner !== resumed.function ? { task: resumed.task, function: owner, file: resumed.file, line: resumed.line } : { task: resumed.task, function: resumed.function, file: resumed.file, line: resumed.line };
  const after = check ? { function: check.function, line: check.line, event: withoutDecision(check.event) } : undefined;
  const text = `the failure needs only this: ${ran.task} ran ${ranText(ran)}${accesses.length ? ` (${accesses.join('; ')})` : ''} between ${suspended.task}'s ${after ? `${after.function} line ${after.line} (${after.event})` : `suspension in ${suspended.function}`} and its resumption at ${suspended.file}:${suspended.line}`;
  return { side, decision, ran, suspended, ...(after ? { after } : {}), text };
}

/** What isolation found, as the report carries it (plain data). */
export interface ScheduleIsolation {
  /** isolated: a minimal difference was found; skipped: no passing schedule to compare with (or
   *  nothing differs); not-reproduced: the failing schedule did not fail again. */
  status: 'isolated' | 'skipped' | 'not-reproduced';
  /** Why it was skipped or not reproduced, in plain words. */
  reason?: string;
  /** The passing schedule compared with: Node's own order or a recorded passing run. */
  passing?: 'node-order' | 'recorded';
  /** How many preemptions the two schedules differed in, and how many the minimal one keeps. */
  differences?: number;
  /** Runs of the tests: to record the two schedules, and the candidates ddmin tried. */
  replays: number;
  candidates?: number;
  budget: number;
  /** The candidate budget ran out: the minimal difference is the smallest failing one found. */
  cut?: boolean;
  /** The minimal difference, each preemption in the user's words. */
  minimal?: CriticalPreemption[];
  /** The first critical preemption's text: "the failure needs only this: …". */
  story?: string;
  /** The function the critical preemption suspended, whose region the step that ran split. */
  suspended?: { task: string; function: string; file: string; line: number };
  /** The minimal failing run: its violation.json (replayable) and its steps around the critical
   *  preemption. */
  violationFile?: string;
  schedule?: ScheduleStep[];
  /** rank: the violation.json whose schedule was isolated. */
  of?: string;
}

