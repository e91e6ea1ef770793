// "Confirmed" (issue 7; not in 004): which functions a real violation of the controlled scheduler
// implicates, read from the violation's schedule (the steps of src/core/active/violation.ts: a
// task resuming after an await, writing a field, asking for / taking / releasing a lock, throwing,
// waiting in a deadlock's cycle). 004 §V-G shows invariant drift without any bug; a position the
// failing interleaving actually ran through is the one the user should read first.
//
// The rule, per violation:
//   1. The failure step: for a deadlock (or a hang with lock waits) the "waits for lock" steps of
//      the wait-for cycle; otherwise the first step that throws, or the last step when nothing in
//      the instrumented code threw (the test's own assertion failed after the tasks joined).
//   2. Touched: the functions with a step among the CONFIRMING_STEPS steps that end at the failure
//      step — the interleaving right before the failure (earlier steps are mostly set-up). A
//      deadlock touches exactly the functions waiting in its cycle.
//   3. Interrupted: a function whose task wrote a field in it and was then cut off by another
//      task before it went on in the same function, with the failure inside that cut — it left a
//      half-done update that the failing task saw (004 §V-E's set(): a = 1, switch, b = -1). These
//      are implicated even when no failure invariant names them (position kind `violation`).
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
  /** Functions (display names) with a step in the confirming window. */
  touched: string[];
  /** Functions interrupted in the middle of an update while the failure happened. */
  interrupted: string[];
}

const isConstructor = (fn: string) => /(^|\.)constructor$/.test(fn);
const isResume = (s: ScheduleStep) => s.event.startsWith('resumes after');
const isWrite = (s: ScheduleStep) => s.event.startsWith('writes ');
const isThrow = (s: ScheduleStep) => s.event.startsWith('throws ');
const isWait = (s: ScheduleStep) => s.event.startsWith('waits for lock');
const inCode = (s: ScheduleStep) => s.task !== '—' && !s.function.startsWith('(') && !isConstructor(s.function);

export function implicatedBy(violation: ViolationEvidence): Implicated {
  const steps = violation.schedule;
  const touched = new Set<string>();
  const interrupted = new Set<string>();
  if (!steps.length) return { touched: [], interrupted: [] };
  const waits = steps.filter(isWait);
  if (waits.length && (violation.kind === 'deadlock' || violation.kind === 'hang')) {
    for (const s of waits) if (inCode(s)) touched.add(s.function);
    return { touched: [...touched].sort(), interrupted: [] };
  }
  let failure = steps.findIndex(isThrow);
  if (failure < 0) failure = steps.length - 1;
  for (const s of steps.slice(Math.max(0, failure - CONFIRMING_STEPS + 1), failure + 1)) if (inCode(s)) touched.add(s.function);
  // Interrupted updates: task T writes in f at step i, other tasks run (the failure among them,
  // or T's own failure right after), T resumes in f at step k > failure… or never again.
  for (let i = 0; i <= failure; i++) {
    const w = steps[i];
    if (!isWrite(w) || !inCode(w)) continue;
    let next = i + 1;
    while (next < steps.length && steps[next].task !== w.task) next++;
    const cut = next > i + 1;
    const failureInside = failure > i && failure < next;
    const resumesInF = next >= steps.length || (isResume(steps[next]) && steps[next].function === w.function);
    if (cut && failureInside && resumesInF && steps[failure].task !== w.task) interrupted.add(w.function);
  }
  for (const f of interrupted) touched.add(f);
  return { touched: [...touched].sort(), interrupted: [...interrupted].sort() };
}
