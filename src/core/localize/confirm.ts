// "Confirmed" (issue 7; not in 004): which functions a real violation of the controlled scheduler
// implicates, read from the violation's schedule (the steps of src/core/active/violation.ts: a
// task resuming after an await, writing a field, asking for / taking / releasing a lock, throwing,
// waiting in a deadlock's cycle). 004 §V-G shows invariant drift without any bug; a position the
// failing interleaving actually ran through is the one the user should read first.
//
// The rule, per violation:
//   1. A deadlock (or a hang with lock waits): the functions waiting in the wait-for cycle, and
//      the lock method each was calling when it waited where that method is the program's own
//      (`callees`): a config lock class's acquire method (Chopstick.pickup) is where a Java
//      thread would block (004 §V-C: "the program encounters the deadlock problem at
//      Chopstick.pickup()"); the scheduler only holds the call back until the lock is free.
//   2. Otherwise the failure step is the step that threw the error the run failed with (the
//      violation's message quotes it); failing that, the first step that throws; when nothing in
//      the instrumented code threw (the test's own assertion failed after the tasks joined), the
//      last step — then every task counts as possibly failing. An error the program caught and
//      handled (a writer's "Stream closed" that a quiet wrapper logs) is not the failure, even when
//      it came first. Up to the failure step:
//      a. stale: a function of a failing task that resumes after an await while another task wrote
//         a field since the function last ran — it went on with what it had read before the other
//         task's write (002's getqueuetop, 003's checkThenWithdraw). "Since it last ran" reaches
//         back over the steps its own callees took while it waited for them (the schedule names
//         the innermost function only): subAppend awaiting qw.write() was cut off when its task
//         took the lock, not when its callee FileWriter.write resumed. A constructor's write never
//         makes a read stale: nobody could read the object before it existed, and neither does a write
//         of a location no other task than the writer accesses in the schedule (its own fresh
//         object). Unless the task's previous step asked for a lock: then it waited for the lock,
//         which protects it;
//      b. interrupted: a function whose task wrote a field in it and was then cut off by another
//         task, with the failure inside that cut, and that resumes in the same function and
//         writes again there — an update split in two (of a location another task accesses),
//         whose half-done state the failing task saw (004 §V-E's set(): a = 1, switch,
//         b = -1). These are implicated even when no failure invariant names them
//         (position kind `violation`), and rank first among the confirmed (rank.ts).
//      When the failure is a thrown error, a stale function counts only if it was still running
//      when the error was thrown: one whose task went on in a (static) caller of it afterwards had
//      returned — it ran inside its caller's broken region and handed its result back, and the
//      failure is the caller's (004 IV-E's reasoning for eq. (6), "the failure invariants from
//      the parent function could be caused by the child function", read the other way round:
//      the child that finished cleanly inside a region that failed later is not what failed).
//      The static callers (`callers`) of a stale or interrupted function that ran in the same
//      task are implicated with it.
//   3. When 2 finds nothing: the functions with a step among the CONFIRMING_STEPS steps that end
//      at the failure step — the interleaving right before the failure.
// Beside the implicated functions, what each function of the program's code wrote up to the
// failure step (`writesBeforeFailure`): 004 §V-E's writer-first tie rule (rank.ts) takes it where
// the static access maps see no member write — state reached through a local (a cart a repository
// returned, a module's map, a file), which is still what the function changed while the failure
// happened. Member state of the program's classes is the access maps' to tell (they leave out
// private methods; the schedule does not overrule them), and settling a promise, emitting an
// event or arming a timer is a signal, not state.
// Constructors are never implicated: no other task can reach an object before its constructor
// returns (the same reason as reduce.ts's 'constructor' rule).
import { resourceOf, variableText, type ScheduleStep, type StepAccess, type ViolationKind } from '../active/violation.js';
import { failureStep } from './interleaving.js';

/** How many steps up to and including the failure step confirm the functions they ran in. */
export const CONFIRMING_STEPS = 12;

export interface ViolationEvidence {
  kind: ViolationKind;
  schedule: ScheduleStep[];
  /** The violation's message: names the error the run failed with (rule 2's failure step). */
  message?: string;
}

export interface Implicated {
  /** The functions this violation confirms (display names). */
  touched: string[];
  /** Functions interrupted in the middle of an update while the failure happened (2b). */
  interrupted: string[];
  /** Functions in `touched` only as static callers of a stale or interrupted function: the
   *  violation ran through them, but what it caught went wrong in the callee (ranked below). */
  callers?: string[];
  /** Which part of the rule found them. */
  basis: 'cycle' | 'interleaving' | 'window' | 'none';
}

/** violation.ts's wait for a promise made with no activation running (test code) and nothing
 *  resolved: no function, no task named after the site. */
const TEST_OWN_PROMISE = /^waits at \S+ for (?:`[^`]*`: )?the promise made at \S+, which nothing resolved$/;
const isConstructor = (fn: string) => /(^|\.)constructor$/.test(fn);
const isResume = (s: ScheduleStep) => s.event.startsWith('resumes after');
const isWrite = (s: ScheduleStep) => (s.access ? s.access.op === 'write' : s.event.startsWith('writes '));
const isThrow = (s: ScheduleStep) => s.event.startsWith('throws ');
const isLockRequest = (s: ScheduleStep) => s.event.startsWith('asks for lock');
const isWait = (s: ScheduleStep) => s.event.startsWith('waits for lock');
const inCode = (s: ScheduleStep) => s.task !== '—' && !s.function.startsWith('(') && !isConstructor(s.function);

export function implicatedBy(
  violation: ViolationEvidence,
  callers: (fn: string) => string[] = () => [],
  callees: (fn: string) => string[] = () => [],
): Implicated {
  // Reads are interleaving.ts's evidence (the stale read of a region); these rules predate them
  // and read the writes, locks and resumptions only.
  const steps = violation.schedule.filter((s) => s.access?.op !== 'read');
  const sorted = (set: Set<string>) => [...set].sort();
  if (!steps.length) return { touched: [], interrupted: [], basis: 'none' };
  const waits = steps.filter(isWait);
  if (waits.length && (violation.kind === 'deadlock' || violation.kind === 'hang')) {
    const cycle = new Set<string>();
    for (const wait of waits.filter(inCode)) {
      cycle.add(wait.function);
      const method = wait.calls;
      if (method) for (const f of callees(wait.function)) if ((f === method || f.endsWith(`.${method}`)) && !isConstructor(f)) cycle.add(f);
    }
    return { touched: sorted(cycle), interrupted: [], basis: 'cycle' };
  }
  // A hang in which only test code waits, each for a promise test code made and nothing resolved
  // (`await new Promise(() => {})`): no schedule of the program's tasks could have settled it, so
  // the functions that ran before it are no evidence (trial17: a test that hangs plainly too
  // "confirmed" the correct function it had called first).
  const stuck = steps.filter((s) => s.event.startsWith('waits at '));
  if (violation.kind === 'hang' && stuck.length && stuck.every((s) => !inCode(s) && TEST_OWN_PROMISE.test(s.event))) return { touched: [], interrupted: [], basis: 'none' };
  // Transitive static callers, for "since it last ran" and "still running at the failure".
  const above = new Map<string, Set<string>>();
  const callersOf = (f: string): Set<string> => {
    let set = above.get(f);
    if (set) return set;
    set = new Set<string>();
    above.set(f, set);
    const todo = [...callers(f)];
    while (todo.length) {
      const g = todo.pop()!;
      if (set.has(g)) continue;
      set.add(g);
      todo.push(...callers(g));
    }
    return set;
  };
  const calls = (g: string, f: string) => g !== f && callersOf(f).has(g) && !callersOf(g).has(f);
  // A write only another task can make stale or see half done: one of a location some task other
  // than the writer accesses in the schedule (reads included). A task's own fresh object (a
  // session it parsed and stamps) is no one else's state: counting its writes implicated every
  // function that resumed meanwhile (a store kept in test code, whose accesses are not traced).
  // A write without its access (no fields traced) or a schedule cut to its last steps counts.
  const truncated = (violation.schedule[0]?.step ?? 1) > 1;
  const location = (a: StepAccess) => `${a.obj}:${a.k}`;
  const accessors = new Map<string, Set<string>>();
  for (const s of violation.schedule) if (s.access) accessors.set(location(s.access), (accessors.get(location(s.access)) ?? new Set<string>()).add(s.task));
  // The writer is one of the accessors (its write is in the schedule): another makes two.
  const shared = (w: ScheduleStep) => truncated || !w.access || accessors.get(location(w.access))!.size > 1;
  const failure = failureStep({ schedule: steps, message: violation.message, kind: violation.kind });
  const failing = isThrow(steps[failure]) ? steps[failure].task : undefined;
  const stale = new Set<string>();
  const interrupted = new Set<string>();
  for (let i = 0; i <= failure; i++) {
    const s = steps[i];
    if (!inCode(s) || !isResume(s) || (failing !== undefined && s.task !== failing)) continue;
    let prev = i - 1;
    while (prev >= 0 && steps[prev].task !== s.task) prev--;
    // Waiting for a lock is no stale read: the lock keeps the others out of what comes next.
    if (prev >= 0 && isLockRequest(steps[prev])) continue;
    // Back over the steps of its own callees: the function last ran before them.
    let since = prev;
    while (since >= 0 && (steps[since].task !== s.task || calls(s.function, steps[since].function))) since--;
    if (!steps.slice(since + 1, i).some((o) => o.task !== s.task && isWrite(o) && !isConstructor(o.function) && shared(o))) continue;
    // A thrown failure: only what was still running when it was thrown (see the head of the file).
    if (failing !== undefined && steps.slice(i + 1, failure + 1).some((o) => o.task === s.task && calls(o.function, s.function))) continue;
    stale.add(s.function);
  }
  for (let i = 0; i < failure; i++) {
    const w = steps[i];
    if (!isWrite(w) || !inCode(w) || w.task === steps[failure].task || !shared(w)) continue;
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
  const viaCallee = new Set<string>();
  // The callers that ran in the same task (the schedule only names the innermost function).
  for (const f of [...touched]) {
    const tasks = new Set(steps.slice(0, failure + 1).filter((s) => s.function === f).map((s) => s.task));
    for (const g of callers(f))
      if (!isConstructor(g) && !touched.has(g) && steps.slice(0, failure + 1).some((s) => s.function === g && tasks.has(s.task))) viaCallee.add(g);
  }
  for (const g of viaCallee) touched.add(g);
  if (touched.size) return { touched: sorted(touched), interrupted: sorted(interrupted), ...(viaCallee.size ? { callers: sorted(viaCallee) } : {}), basis: 'interleaving' };
  for (const s of steps.slice(Math.max(0, failure - CONFIRMING_STEPS + 1), failure + 1)) if (inCode(s)) touched.add(s.function);
  return { touched: sorted(touched), interrupted: [], basis: touched.size ? 'window' : 'none' };
}

/** What each function of the program's code wrote in the schedule up to the failure step, named as
 *  the stories name it (`the elements of cart.items`, `updatedAt`), by function (see the head of
 *  the file). `members`: the member variables of the program's classes (the access maps' V). */
export function writesBeforeFailure(violation: ViolationEvidence, members: ReadonlySet<string> = new Set()): Record<string, string[]> {
  const steps = violation.schedule.filter((s) => s.access?.op !== 'read');
  if (!steps.length) return {};
  const failure = failureStep({ schedule: steps, message: violation.message, kind: violation.kind });
  const member = (a: StepAccess) => {
    const on = a.k === '[]' ? a.on : undefined;
    if (on !== undefined) return /^this\./.test(on) || members.has(on.slice(on.lastIndexOf('.') + 1));
    return members.has(a.k);
  };
  const signal = (a: StepAccess) => SIGNALS.has(resourceOf(a.k)?.kind ?? '');
  const by = new Map<string, Set<string>>();
  for (let i = 0; i <= failure && i < steps.length; i++) {
    const s = steps[i];
    if (!isWrite(s) || !inCode(s) || !s.access || member(s.access) || signal(s.access)) continue;
    by.set(s.function, (by.get(s.function) ?? new Set<string>()).add(variableText(s.access)));
  }
  return Object.fromEntries([...by].map(([f, set]) => [f, [...set].sort()]));
}

const SIGNALS = new Set(['promise', 'event', 'timer']);
