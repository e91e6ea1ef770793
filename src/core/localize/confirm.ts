// "Confirmed" (issue 7; not in 004): which functions a real violation of the controlled scheduler
// implicates, read from the violation's schedule (the steps of src/core/active/violation.ts: a
// task resuming after an await, writing a field, asking for / taking / releasing a lock, throwing,
// waiting in a deadlock's cycle). 004 §V-G shows invariant drift without any bug; a position the
// failing interleaving actually ran through is the one the user should read first.
//
// The rule, per violation:
//   1. A deadlock (or a hang with lock waits): the functions waiting in the wait-for cycle.
//   2. Otherwise the failure step is the first step that throws, or the last step when nothing in
//      the instrumented code threw (the test's own assertion failed after the tasks joined; then
//      every task counts as possibly failing). Up to the failure step:
//      a. stale: a function of a failing task that resumes after an await while, since its task's
//         previous step, another task wrote a field — it went on with what it had read before
//         the other task's write (002's getqueuetop, 003's checkThenWithdraw) — unless that
//         previous step asked for a lock: then it waited for the lock, which protects it;
//      b. interrupted: a function whose task wrote a field in it and was then cut off by another
//         task, with the failure inside that cut, and that resumes in the same function and
//         writes again there — an update split in two, whose half-done state the failing task
//         saw (004 §V-E's set(): a = 1, switch, b = -1). These are implicated even when no failure invariant names them
//         (position kind `violation`), and rank first among the confirmed (rank.ts).
//      The static callers (`callers`) of a stale or interrupted function that ran in the same
//      task are implicated with it: the schedule names the innermost function only.
//   3. When 2 finds nothing: the functions with a step among the CONFIRMING_STEPS steps that end
//      at the failure step — the interleaving right before the failure.
// Constructors are never implicated: no other task can reach an object before its constructor
// returns (the same reason as reduce.ts's 'constructor' rule).
import type { ScheduleStep, ViolationKind } from '../active/violation.js';

/** How many steps up to and including the failure step confirm the functions they ran in. */
export const CONFIRMING_STEPS = 12;

export interface ViolationEvidence {
  kind: ViolationKind;
  schedule: ScheduleStep[];
}

export interface Implicated {
  /** The functions this violation confirms (display names). */
  touched: string[];
  /** Functions interrupted in the middle of an update while the failure happened (2b). */
  interrupted: string[];
  /** Which part of the rule found them. */
  basis: 'cycle' | 'interleaving' | 'window' | 'none';
}

const isConstructor = (fn: string) => /(^|\.)constructor$/.test(fn);
const isResume = (s: ScheduleStep) => s.event.startsWith('resumes after');
const isWrite = (s: ScheduleStep) => s.event.startsWith('writes ');
const isThrow = (s: ScheduleStep) => s.event.startsWith('throws ');
const isLockRequest = (s: ScheduleStep) => s.event.startsWith('asks for lock');
const isWait = (s: ScheduleStep) => s.event.startsWith('waits for lock');
const inCode = (s: ScheduleStep) => s.task !== '—' && !s.function.startsWith('(') && !isConstructor(s.function);

export function implicatedBy(violation: ViolationEvidence, callers: (fn: string) => string[] = () => []): Implicated {
  const steps = violation.schedule;
  const sorted = (set: Set<string>) => [...set].sort();
  if (!steps.length) return { touched: [], interrupted: [], basis: 'none' };
  const waits = steps.filter(isWait);
  if (waits.length && (violation.kind === 'deadlock' || violation.kind === 'hang')) {
    const cycle = new Set(waits.filter(inCode).map((s) => s.function));
    return { touched: sorted(cycle), interrupted: [], basis: 'cycle' };
  }
  const thrown = steps.findIndex(isThrow);
  const failure = thrown >= 0 ? thrown : steps.length - 1;
  const failing = thrown >= 0 ? steps[thrown].task : undefined;
  const stale = new Set<string>();
  const interrupted = new Set<string>();
  const previous = new Map<string, number>();
  for (let i = 0; i <= failure; i++) {
    const s = steps[i];
    const prev = previous.get(s.task) ?? -1;
    previous.set(s.task, i);
    if (!inCode(s) || !isResume(s) || (failing !== undefined && s.task !== failing)) continue;
    // Waiting for a lock is no stale read: the lock keeps the others out of what comes next.
    if (prev >= 0 && isLockRequest(steps[prev])) continue;
    if (steps.slice(prev + 1, i).some((o) => o.task !== s.task && isWrite(o))) stale.add(s.function);
  }
  for (let i = 0; i < failure; i++) {
    const w = steps[i];
    if (!isWrite(w) || !inCode(w) || w.task === steps[failure].task) continue;
    let next = i + 1;
    while (next < steps.length && steps[next].task !== w.task) next++;
    if (next <= failure || next >= steps.length || !isResume(steps[next]) || steps[next].function !== w.function) continue;
    // …and writes again in f before leaving it: the update was split in two by the failure.
    let writesAgain = false;
    for (let k = next + 1; k < steps.length; k++) {
      if (steps[k].task !== w.task) continue;
      if (steps[k].function !== w.function) break;
      if (isWrite(steps[k])) {
        writesAgain = true;
        break;
      }
    }
    if (writesAgain) interrupted.add(w.function);
  }
  const touched = new Set([...stale, ...interrupted]);
  // The callers that ran in the same task (the schedule only names the innermost function).
  for (const f of [...touched]) {
    const tasks = new Set(steps.slice(0, failure + 1).filter((s) => s.function === f).map((s) => s.task));
    for (const g of callers(f)) if (!isConstructor(g) && steps.slice(0, failure + 1).some((s) => s.function === g && tasks.has(s.task))) touched.add(g);
  }
  if (touched.size) return { touched: sorted(touched), interrupted: sorted(interrupted), basis: 'interleaving' };
  for (const s of steps.slice(Math.max(0, failure - CONFIRMING_STEPS + 1), failure + 1)) if (inCode(s)) touched.add(s.function);
  return { touched: sorted(touched), interrupted: [], basis: touched.size ? 'window' : 'none' };
}
