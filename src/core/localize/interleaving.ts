// The unserializable interleaving of a violating run (issue 14): which atomic region of which
// task another task's conflicting access broke, told as the story a developer reads.
//
// A region is a stretch of one task T that the program means to run as one unit but that lets
// other tasks in: a check … act across an await (DESIGN §2: every await is a scheduling point),
// a lock released and re-acquired inside it (003 §2.1, Algorithm 2 case 1: Lipton's reduction
// says such a block is not reducible to one atomic step), or an explicit atomic block (config
// `atomic`, `@atomic`). Its two accesses to one location m, with another task's access to m
// between them, form one of 001 Table 1's single-location problematic access patterns
// (Vaziri et al.; u is T, u' the other task):
//   1. R_u(m) W_u'(m) W_u(m)  value read is stale by the time an update is made in u   — lost update
//   2. R_u(m) W_u'(m) R_u(m)  two reads of m yield different values in u              — inconsistent read
//   3. W_u(m) R_u'(m) W_u(m)  an intermediate state is observed by u'                 — dirty read (torn)
//   4. W_u(m) W_u'(m) R_u(m)  value read is not the one last written in u             — (W-W-R)
//   5. W_u(m) W_u'(m) W_u(m)  value written by u' is lost                             — (W-W-W)
// Every other triple (R-R-x, x-R-R, W-R-R…) commutes to a serial order and is no violation.
// A location is an object and a key: a field, a collection's contents (`[]`, with the element
// key when both sides have one) or a resource (`file:/abs`, `dir:/abs`, `port:N` on object 0) —
// resource keys count exactly like fields.
//
// The region's owner is the function that holds both accesses: the nearest common activation of
// the two in T's activation chain (Violation.frames), not the deepest callee that happens to
// touch the location. Plain JSON in and out, no I/O.
import { ACCESS_PATTERNS, type AccessPatternName } from '../active/access-patterns.js';
import type { Frame, ScheduleStep, StepAccess, ViolationKind } from '../active/violation.js';
import { variableText, waitsForPromise } from '../active/violation.js';

export interface InterleavingStep {
  step: number;
  /** The flow the step counts for (a callback's registering task)… */
  task: string;
  /** … and the callback task that took it, as the schedule lists it, when that differs. */
  own?: string;
  function: string;
  file: string;
  line: number;
  /** The location, in the user's words: `stock`, `file /tmp/a.json`, `entry "id"`. */
  variable: string;
  /** `wait`: a lost wake-up's act — the task started waiting for a promise that never settled;
   *  `fail`: the act the task did not reach — it threw (`value`: what) on the way. */
  op: 'read' | 'write' | 'wait' | 'fail';
  value?: string;
  /** check: the region's first access; conflict: the other task's; act: the region's second. */
  role: 'check' | 'conflict' | 'act';
}

export interface Interleaving {
  pattern: AccessPatternName;
  /** 001 Table 1 row (1-5; 0: a two-location shape of rows 6-11). */
  row: number;
  name: string;
  region: {
    /** How the region let the other task in (see the head of the file). */
    kind: 'check-then-act' | 'lock re-acquired' | 'atomic block';
    owner: string;
    task: string;
    /** Where the region's task suspended between its two accesses. */
    awaited?: { file: string; line: number };
    /** Or the callback (its API, where it was registered) whose run separated them, when the
     *  task's check and act ran in two callbacks of one flow. */
    callback?: { name: string; file: string; line: number };
    /** For `lock re-acquired`: the lock. */
    lock?: number;
  };
  /** The other task's access between the region's two. */
  conflicting: { function: string; task: string; op: 'read' | 'write' };
  variable: string;
  steps: InterleavingStep[];
}

export interface InterleavingInput {
  kind: ViolationKind;
  schedule: ScheduleStep[];
  message?: string;
  frames?: Record<string, Frame>;
  /** Functions the configuration marks atomic (config `atomic`, `@atomic`). */
  atomic?: string[];
}

const UNSERIALIZABLE = new Set<string>(['R-W-W', 'R-W-R', 'W-R-W', 'W-W-R', 'W-W-W']);
/** Which pattern to prefer when two fit equally late: the ones 001 lists first are the common bugs. */
const PRIORITY: AccessPatternName[] = ['R-W-W', 'W-R-W', 'R-W-R', 'W-W-R', 'W-W-W'];
const isConstructor = (fn: string) => /(^|\.)constructor$/.test(fn);

/** The step the run failed at: the throw its message names, else the first throw, else the end
 *  (confirm.ts uses it too). A failed assertion whose message names no throw of the program
 *  failed in the test's own code after the steps — a test's `assert`, the linearization oracle's
 *  verdict (002 Alg. 2) — so an error the program threw and something caught on the way (the
 *  sequential orders the oracle runs first) is not the failure: the end is. */
export function failureStep(input: Pick<InterleavingInput, 'schedule' | 'message' | 'kind'>): number {
  const steps = input.schedule;
  const isThrow = (s: ScheduleStep) => s.event.startsWith('throws ');
  const text = (s: ScheduleStep) => s.event.slice('throws '.length).trim();
  let i = input.message ? steps.findIndex((s) => isThrow(s) && text(s) !== '' && input.message!.includes(text(s))) : -1;
  if (i < 0 && !(input.kind === 'failed assertion' && input.message)) i = steps.findIndex(isThrow);
  return i >= 0 ? i : steps.length - 1;
}

function sameLocation(a: StepAccess, b: StepAccess): boolean {
  if (a.obj !== b.obj || a.k !== b.k) return false;
  // A collection: different element keys are different locations; a missing key is the whole.
  return a.ek === undefined || b.ek === undefined || a.ek === b.ek;
}

/** The activation chain of a step, innermost first ([] without frames). */
function chainOf(a: number | undefined, frames: Record<string, Frame> | undefined): number[] {
  const chain: number[] = [];
  for (let x: number | null | undefined = a; x !== undefined && x !== null && frames?.[x] && !chain.includes(x); x = frames[x].parent) chain.push(x);
  return chain;
}

/** The function holding both steps: their nearest common activation; without frames, the
 *  function both ran in. `direct`: one of the two steps ran in it itself. */
function ownerOf(first: ScheduleStep, second: ScheduleStep, frames: Record<string, Frame> | undefined): { owner: string; direct: boolean } | undefined {
  const a = chainOf(first.a, frames);
  const b = chainOf(second.a, frames);
  if (a.length && b.length) {
    const common = b.find((x) => a.includes(x));
    if (common === undefined) return undefined;
    return { owner: frames![common].function, direct: common === first.a || common === second.a };
  }
  return first.function === second.function ? { owner: first.function, direct: true } : undefined;
}

interface Candidate {
  i: number;
  w: number;
  /** Two-location patterns: the other task's access to the second field. */
  w2?: number;
  j: number;
  pattern: AccessPatternName;
  owner: string;
  direct: boolean;
}

/** An access the recorder saw outside any activation ('—': a lock's callback, an arrow function
 *  that is not instrumented) ran in the synchronous segment of the task whose steps surround it
 *  (JS runs to completion between awaits): it is that task's access, in the function of its
 *  step before. */
function attributed(schedule: ScheduleStep[]): ScheduleStep[] {
  return schedule.map((s, x) => {
    if (!s.access || s.task !== '—') return s;
    let before = x - 1;
    while (before >= 0 && schedule[before].task === '—' && schedule[before].access) before--;
    let after = x + 1;
    while (after < schedule.length && schedule[after].task === '—' && schedule[after].access) after++;
    const b = schedule[before];
    const a = schedule[after];
    if (!b || !a || b.task === '—' || b.task !== a.task) return s;
    return { ...s, task: b.task, function: b.function, ...(b.a !== undefined ? { a: b.a } : {}) };
  });
}

/** A callback's run is a task of its own (runtime/callbacks.ts), but the unit of work it belongs
 *  to is its registrant's (the flow): `read().then((n) => write(n + 1))` checks in one task and acts in the
 *  then callback's. Each step counts for the task that registered the outermost callback around
 *  it, so a region spans a flow's callbacks as it spans an async function's awaits. */
function flows(steps: ScheduleStep[], frames: Record<string, Frame> | undefined): FlowStep[] {
  if (!frames) return steps;
  return steps.map((s) => {
    let flow: string | undefined;
    for (const a of chainOf(s.a, frames)) if (frames[a].callback) flow = frames[a].flow;
    return flow && flow !== s.task ? { ...s, task: flow, own: s.task } : s;
  });
}

/** A step counted for its flow; `own`: the callback task that took it, as the schedule shows it. */
type FlowStep = ScheduleStep & { own?: string };

/** The reads of `task` before step `before`, latest first (lostWakeUps, bothChecked). */
function* readsBefore(accesses: (readonly [ScheduleStep, number])[], task: string, before: number): Generator<readonly [ScheduleStep, number]> {
  for (let x = accesses.length - 1; x >= 0; x--) {
    const [s, i] = accesses[x];
    if (i < before && s.task === task && s.access!.op === 'read') yield accesses[x];
  }
}

/** A lost wake-up (a hang): task T read m, another task wrote m (and, with an emitter or a
 *  condition, notified the waiters there were then), and T then parked for good — waiting for a
 *  change that already happened. 001 Table 1 pattern 1 with the wait as the act: the value read is
 *  stale by the time T acts on it. T's last read before the wait, with a conflicting write after. */
function lostWakeUps(steps: ScheduleStep[], accesses: (readonly [ScheduleStep, number])[], frames: InterleavingInput['frames']): Candidate[] {
  const out: Candidate[] = [];
  steps.forEach((wait, j) => {
    if (!waitsForPromise(wait.event) || wait.task === '—') return;
    for (const [read, i] of readsBefore(accesses, wait.task, j)) {
      const w = accesses.find(([s, y]) => y > i && y < j && s.task !== wait.task && s.access!.op === 'write' && sameLocation(s.access!, read.access!));
      if (!w) continue;
      const owner = ownerOf(read, wait, frames);
      if (owner && !isConstructor(owner.owner)) out.push({ i, w: w[1], j, pattern: 'R-W-wait', ...owner });
      return;
    }
  });
  return out;
}

/** Both passed the check (a thrown failure): the failing task T read m in an activation still
 *  running at the throw, another task U read m too before the throw, and U writes m later (maybe
 *  after the throw) — both decided on the same state and both acted; T failed on the way (two
 *  refreshes of one single-use token, two creations of one folder). The act is the throw.
 *  T's latest such read. */
function bothChecked(steps: ScheduleStep[], accesses: (readonly [ScheduleStep, number])[], failure: number, frames: InterleavingInput['frames']): Candidate[] {
  const thrower = steps[failure];
  if (thrower.task === '—') return [];
  for (const [read, i] of readsBefore(accesses, thrower.task, failure)) {
    const owner = ownerOf(read, thrower, frames);
    if (!owner || isConstructor(owner.owner)) continue;
    const other = accesses.find(([s, k]) => k > i && k < failure && s.task !== read.task && s.access!.op === 'read' && sameLocation(s.access!, read.access!));
    if (!other) continue;
    const wrote = accesses.some(([s, k]) => k > other[1] && s.task === other[0].task && s.access!.op === 'write' && sameLocation(s.access!, read.access!));
    if (wrote) return [{ i, w: other[1], j: failure, pattern: 'R-R-fail', ...owner }];
  }
  return [];
}

/** 001 Table 1's two-location shapes on one object's fields m1, m2 (when no single-location
 *  pattern fits): T reads m1, another task writes m1 and m2, T reads m2 (an inconsistent
 *  snapshot); or T writes m1, another task reads m1 and m2, T writes m2 (a torn update). The
 *  other task may be top-level code ('—'); T's two accesses are its next ones to the object. */
function twoLocations(steps: ScheduleStep[], accesses: (readonly [ScheduleStep, number])[], failure: number, frames: InterleavingInput['frames']): Candidate[] {
  const out: Candidate[] = [];
  const all = steps.map((s, i) => [s, i] as const).filter(([s]) => s.access && !isConstructor(s.function) && s.access.obj !== 0);
  for (const [first, i] of accesses) {
    if (i > failure || first.access!.obj === 0) continue;
    const op = first.access!.op;
    const wanted = op === 'read' ? 'write' : 'read';
    // T's later accesses of another field of the object, the first the other task's pair fits.
    for (const [second, j] of accesses) {
      if (j <= i || second.task !== first.task || second.access!.obj !== first.access!.obj || second.access!.k === first.access!.k || second.access!.op !== op) continue;
      if (j > failure && op === 'read') break;
      const by = (k: string) => all.find(([s, x]) => x > i && x < j && s.task !== first.task && s.access!.obj === first.access!.obj && s.access!.k === k && s.access!.op === wanted);
      const w1 = by(first.access!.k);
      const w2 = by(second.access!.k);
      if (!w1 || !w2 || w1[0].task !== w2[0].task) continue;
      const owner = ownerOf(first, second, frames);
      if (!owner || isConstructor(owner.owner)) continue;
      out.push({ i, w: w1[1], w2: w2[1], j, pattern: op === 'read' ? 'R-WW-R' : 'W-RR-W', ...owner });
      break;
    }
  }
  return out;
}

/** The unserializable interleaving of a violation, or undefined when there is none (a deadlock
 *  is no region; a run whose schedule shows no conflicting pair). */
export function interleavingOf(input: InterleavingInput): Interleaving | undefined {
  const steps = flows(attributed(input.schedule), input.frames);
  if (!steps.length || input.kind === 'deadlock' || steps.some((s) => s.event.startsWith('waits for lock'))) return undefined;
  const failure = failureStep(input);
  const accesses = steps.map((s, i) => [s, i] as const).filter(([s]) => s.access && s.task !== '—' && !isConstructor(s.function));
  const candidates: Candidate[] = [];
  for (const [w, wi] of accesses) {
    if (wi > failure) break;
    const tasks = new Set(accesses.filter(([s]) => s.task !== w.task).map(([s]) => s.task));
    for (const task of tasks) {
      let i = -1;
      let j = -1;
      for (const [s, si] of accesses) {
        if (s.task !== task || !sameLocation(s.access!, w.access!)) continue;
        if (si < wi) i = si;
        else if (si > wi) {
          j = si;
          break;
        }
      }
      if (i < 0 || j < 0) continue;
      const letter = (s: ScheduleStep) => (s.access!.op === 'read' ? 'R' : 'W');
      const pattern = `${letter(steps[i])}-${letter(w)}-${letter(steps[j])}`;
      if (!UNSERIALIZABLE.has(pattern)) continue;
      // A read re-evaluated at the same place (a poll: `while (this.inFlight > 0) await sleep(2)`)
      // acts on the value it reads again, never on the one before the write: no check split from
      // its act (unseen4's vt-deadline: a drain loop in test code ranked above the fault).
      if (pattern === 'R-W-R' && steps[i].file === steps[j].file && steps[i].line === steps[j].line) continue;
      // Everything up to the failure, except a torn update's second half: the other task saw the
      // half-done state (and failed on it) before the region's task could finish (pattern 3).
      if (j > failure && pattern !== 'W-R-W') continue;
      const owner = ownerOf(steps[i], steps[j], input.frames);
      if (!owner || isConstructor(owner.owner)) continue;
      candidates.push({ i, w: wi, j, pattern: pattern as AccessPatternName, ...owner });
    }
  }
  if (!candidates.length) candidates.push(...twoLocations(steps, accesses, failure, input.frames));
  if (!candidates.length && input.kind === 'hang') candidates.push(...lostWakeUps(steps, accesses, input.frames));
  if (!candidates.length && steps[failure]?.event.startsWith('throws ')) candidates.push(...bothChecked(steps, accesses, failure, input.frames));
  if (!candidates.length) return undefined;
  // The region closest to the failure, held by one activation itself before one that only a
  // common caller holds (a loop calling the same function twice is two regions, not one).
  candidates.sort((a, b) => Number(b.direct) - Number(a.direct) || b.j - a.j || PRIORITY.indexOf(a.pattern) - PRIORITY.indexOf(b.pattern) || b.w - a.w);
  const c = candidates[0];
  const [check, conflict, act] = [steps[c.i], steps[c.w], steps[c.j]];
  const between = steps.slice(c.i + 1, c.j).filter((s) => s.task === check.task);
  // Where the owner itself awaited (`await this.log.write()`), not a callee's await inside it.
  const resumes = between.filter((s) => s.event.startsWith('resumes after'));
  const resumed = resumes.find((s) => s.function === c.owner) ?? resumes[0];
  const at = resumed ? /at (.+):(\d+)(?: \(|$)/.exec(resumed.event) : null;
  // A flow's check and act in two callbacks: the first callback run between them separated them.
  const ran = resumed ? undefined : between.find((s) => s.event.startsWith('runs the '));
  const callback = ran ? /^runs the (.+) callback registered at (.+):(\d+)(?: \(|$)/.exec(ran.event) : null;
  const released = between.find((s) => /^releases lock #\d+/.test(s.event));
  const lock = released ? Number(/#(\d+)/.exec(released.event)![1]) : undefined;
  const reacquired = lock !== undefined && between.some((s) => s.event === `acquires lock #${lock}`);
  const kind: Interleaving['region']['kind'] = input.atomic?.includes(c.owner) ? 'atomic block' : reacquired ? 'lock re-acquired' : 'check-then-act';
  const asStep = (s: FlowStep, role: InterleavingStep['role']): InterleavingStep => ({
    step: s.step,
    task: s.task,
    ...(s.own !== undefined ? { own: s.own } : {}),
    function: s.function,
    file: s.file,
    line: s.line,
    variable: variableText((s.access ?? check.access)!),
    op: s.access ? s.access.op : s.event.startsWith('throws ') ? 'fail' : 'wait',
    ...(s.access?.value !== undefined ? { value: s.access.value } : !s.access && s.event.startsWith('throws ') ? { value: s.event.slice('throws '.length) } : {}),
    role,
  });
  const meta = ACCESS_PATTERNS[c.pattern];
  return {
    pattern: c.pattern,
    row: meta.row,
    name: meta.name,
    region: {
      kind,
      owner: c.owner,
      task: check.task,
      ...(at ? { awaited: { file: at[1], line: Number(at[2]) } } : {}),
      ...(callback ? { callback: { name: callback[1], file: callback[2], line: Number(callback[3]) } } : {}),
      ...(kind === 'lock re-acquired' ? { lock } : {}),
    },
    conflicting: { function: conflict.function, task: conflict.task, op: conflict.access!.op },
    variable: variableText(check.access!),
    steps: [asStep(check, 'check'), asStep(conflict, 'conflict'), ...(c.w2 !== undefined ? [asStep(steps[c.w2], 'conflict')] : []), asStep(act, 'act')],
  };
}

const where = (s: { file: string; line: number }) => `${s.file.split('/').pop()}:${s.line}`;

export interface LeakedLock {
  lock: string;
  /** The step where the holder acquired it, and the holder's throw after it (if it threw). */
  acquired: ScheduleStep;
  thrown?: ScheduleStep;
  /** The step where a task asked for it, never to get it. */
  waiter: ScheduleStep;
}

/** A hung run whose waiting task asked for a lock that a task which is not waiting itself (it
 *  ended, often by throwing with no `finally` to release) acquired and never released: no
 *  wait-for cycle, so no deadlock — the lock leaked (DESIGN §2: a parked acquire is enabled only
 *  when the lock is free). */
export function leakedLock(input: Pick<InterleavingInput, 'kind' | 'schedule'>): LeakedLock | undefined {
  if (input.kind !== 'hang' && input.kind !== 'deadlock') return undefined;
  const held = new Map<string, ScheduleStep>();
  const asked = new Map<string, { lock: string; step: ScheduleStep }>();
  const waiting = new Set<string>();
  for (const step of input.schedule) {
    const m = /^(asks for|acquires|releases) lock (#\S+)/.exec(step.event);
    if (m?.[1] === 'asks for') asked.set(step.task, { lock: m[2], step });
    else if (m?.[1] === 'acquires') {
      held.set(m[2], step);
      if (asked.get(step.task)?.lock === m[2]) asked.delete(step.task);
    } else if (m?.[1] === 'releases') held.delete(m[2]);
    else if (/^waits/.test(step.event)) waiting.add(step.task);
  }
  for (const [task, { lock, step }] of asked) {
    const acquired = held.get(lock);
    if (!acquired || acquired.task === task || waiting.has(acquired.task) || acquired.task === '—') continue;
    const after = input.schedule.slice(input.schedule.indexOf(acquired) + 1);
    const thrown = after.find((s) => s.task === acquired.task && s.event.startsWith('throws '));
    return { lock, acquired, ...(thrown ? { thrown } : {}), waiter: step };
  }
  return undefined;
}

/** "lock #2, acquired at cart.ts:14 and never released: it threw Error: x in `Cart.price`
 *  (declared at cart.ts:7) while holding it" — the leak in words (also its holder's reason). */
export function leakText(leak: LeakedLock): string {
  const why = leak.thrown
    ? `: it threw ${leak.thrown.event.slice('throws '.length)} in \`${leak.thrown.function}\` (declared at ${where(leak.thrown)}) while holding it`
    : ' before its task ended';
  return `lock ${leak.lock}, acquired at ${where(leak.acquired)} and never released${why}`;
}

/** "read `stock` (3)", "wrote file `/tmp/a.json`", "listened on port `4123`". */
function didText(s: Pick<InterleavingStep, 'op' | 'variable' | 'value'>): string {
  const value = s.value !== undefined ? ` (${s.value})` : '';
  const m = /^(file|directory|port) (.*)$/s.exec(s.variable);
  if (m?.[1] === 'port') return `${s.op === 'write' ? 'listened on' : 'connected to'} port \`${m[2]}\``;
  // A collection's elements: `entry "u1" of \`this.cache\``, `the elements of \`done\``.
  const element = /^(entry .+?|the elements)(?: of (\S+))?$/s.exec(s.variable);
  const what = m ? `${m[1]} \`${m[2]}\`` : element ? `${element[1]}${element[2] ? ` of \`${element[2]}\`` : ''}` : `\`${s.variable}\``;
  return `${s.op === 'read' ? 'read' : 'wrote'} ${what}${value}`;
}

/** The violation in one paragraph, in the user's terms, file:line for each step. */
export function storyOf(input: InterleavingInput, interleaving = interleavingOf(input)): string {
  if (interleaving) {
    const [check, conflict] = interleaving.steps;
    const act = interleaving.steps[interleaving.steps.length - 1];
    const second = interleaving.steps.length > 3 ? interleaving.steps[2] : undefined;
    const { region } = interleaving;
    const owner = `\`${region.owner}\``;
    const suspended = region.kind === 'lock re-acquired'
      ? `released lock #${region.lock}`
      : region.awaited ? `awaited at ${where(region.awaited)}` : region.callback ? `went back to the event loop until ${separatorText(region)} ran` : 'let other tasks run';
    const then = (() => {
      switch (interleaving.pattern) {
        case 'R-W-W':
          return `${act.task} then ${didText(act)} at ${where(act)} from its stale read`;
        case 'R-W-R':
          return `${act.task} then ${didText(act)} at ${where(act)}: its two reads disagree`;
        case 'W-R-W':
          return `${act.task} then ${didText(act)} at ${where(act)}, finishing the update ${conflict.task} saw half done`;
        case 'R-WW-R':
          return `${act.task} then ${didText(act)} at ${where(act)}: it saw \`${check.variable}\` from before that update and \`${act.variable}\` from after it`;
        case 'W-RR-W':
          return `${act.task} then ${didText(act)} at ${where(act)}, finishing the update ${conflict.task} saw half done`;
        case 'W-W-R':
          return `${act.task} then ${didText(act)} at ${where(act)}, not what it had written`;
        case 'R-R-fail':
          return `both passed the check; ${act.task} then threw ${act.value ?? 'an error'} in \`${act.function}\` before it could act`;
        case 'R-W-wait':
          return `${act.task} then started waiting at ${where(act)} for a change that had already happened, and waited forever`;
        default:
          // A port is not overwritten: the second listen finds it taken (EADDRINUSE).
          if (act.variable.startsWith('port ')) return `${act.task} then ${didText(act)} at ${where(act)}, which ${conflict.task} held by then`;
          return `${act.task} then ${didText(act)} at ${where(act)} over it: ${conflict.task}'s write is lost`;
      }
    })();
    const unit = region.kind === 'atomic block' ? `the atomic block ${owner} is not atomic`
      : region.kind === 'lock re-acquired' ? `${owner} released and re-acquired lock #${region.lock} inside one update, so it is not atomic`
      : interleaving.pattern === 'R-W-wait' ? `the check of ${owner} and its wait are not atomic`
      : interleaving.pattern === 'R-R-fail' ? `the check and the act of ${owner} are not atomic`
      : check.variable.startsWith('port ') ? `the probe and the listen of ${owner} are not atomic`
      : check.op === 'read' ? `the check and the act of ${owner} are not atomic` : `the update of ${owner} is not atomic`;
    return `${taskText(check)} ${didText(check)} at ${where(check)} and ${suspended}; meanwhile ${taskText(conflict)} ${didText(conflict)} at ${where(conflict)}${second ? ` and ${didText(second)} at ${where(second)}` : ''}${conflict.function !== region.owner && !conflict.function.startsWith('(') ? ` in \`${conflict.function}\`` : ''}; ${then} — ${unit} (${interleaving.name}, ${interleaving.pattern === 'R-R-fail' ? '001 Table 1 pattern 1 cut short by the failure' : `001 Table 1 ${interleaving.row ? `pattern ${interleaving.row}` : 'two locations of one atomic set'}`}: ${interleaving.pattern}).${failureText(input)}`;
  }
  const leak = leakedLock(input);
  if (leak) {
    return `${leak.waiter.task} waits in \`${leak.waiter.function}\` at ${where(leak.waiter)} for ${leak.acquired.task}'s ${leakText(leak)} — a lock held across code that can throw needs its release in a \`finally\` (or \`runExclusive\`).`;
  }
  const steps = input.schedule;
  const waits = steps.filter((s) => s.event.startsWith('waits for lock'));
  if (waits.length && (input.kind === 'deadlock' || input.kind === 'hang')) {
    const edges = waits.map((s) => `${s.task} in \`${s.function}\` at ${where(s)} ${s.event.replace(/^waits/, 'waits')}`);
    return `Deadlock: ${edges.join('; ')} — every task waits for a lock another holds.`;
  }
  if (input.kind === 'hang') {
    const parked = steps.filter((s) => waitsForPromise(s.event));
    const list = parked.slice(0, 4).map((s) => `${s.task} in \`${s.function}\` at ${where(s)}`);
    if (list.length) return `The run hung: ${list.join(', ')} waited for promises that never settled${parked.length > 4 ? ` (and ${parked.length - 4} more)` : ''}.`;
    // Killed at the time budget while things still ran (a keep-alive timer firing): "nothing
    // happened" would contradict the steps the report prints (a trial's user saw both).
    const last = [...steps].reverse().find((s) => s.task !== '—' || s.event.startsWith('runs '));
    if (!last) return 'The run hung: nothing could run and nothing happened.';
    return `The run hung: no task waited on a lock or a promise the scheduler saw stuck, and the run was still going when it was stopped; the last step was ${last.task} in \`${last.function}\` at ${where(last)} (${last.event.replace(/ \(decision .*$/, '')}). Something the tests wait for never comes while other work keeps the process alive.`;
  }
  const thrown = steps[failureStep(input)];
  const order = foreignRead(input);
  if (thrown?.event.startsWith('throws ')) {
    const threw = `${thrown.task} threw ${thrown.event.slice('throws '.length)} in \`${thrown.function}\` (declared at ${where(thrown)})`;
    if (order?.waited) return `${threw}. ${orderText(order, steps)}${failureText(input, true)}`;
    return `${threw}; ${order ? `no task's check and act were split by another task; ${orderText(order, steps)}` : "no two tasks' accesses to one location interleaved before it."}${failureText(input, true)}`;
  }
  const failed = `The run failed (${input.kind}${input.message ? `: ${input.message}` : ''})`;
  if (!order) return `${failed}; the schedule shows no conflicting accesses of two tasks.${untracedText(steps)}`;
  return `${failed}. No task's check and act were split by another task; ${orderText(order, steps)}`;
}

/** Where the state two tasks share may be, when no traced access of theirs conflicts: the awaits
 *  two tasks or more resumed after, in the traced functions. What those calls reach (a fake
 *  repository or a store in the tests, another package) was not traced, so its accesses are not
 *  in the schedule: the user can add its file to `include`. Empty when no await was shared. */
function untracedText(steps: ScheduleStep[]): string {
  const tasksAt = new Map<string, { fn: string; tasks: Set<string> }>();
  for (const s of steps) {
    if (!s.event.startsWith('resumes after') || s.task === '—' || s.function.startsWith('(')) continue;
    const at = `${s.file}:${s.line}`;
    const entry = tasksAt.get(at) ?? { fn: s.function, tasks: new Set<string>() };
    tasksAt.set(at, entry);
    entry.tasks.add(s.task);
  }
  const shared = [...tasksAt].filter(([, e]) => e.tasks.size >= 2);
  if (!shared.length) return '';
  const list = shared.slice(0, 3).map(([at, e]) => `${at.split('/').pop()} in \`${e.fn}\``).join(', ');
  return ` The tasks it interleaved awaited the same calls (${list}${shared.length > 3 ? ` and ${shared.length - 3} more` : ''}): if what those calls reach keeps the state they share in code the run did not trace (a fake or a store in the tests, another package), add that file to \`include\` in conlens.config.json so its reads and writes are recorded.`;
}

/** An order dependence in words, from "the last …" to "(an order violation)." */
function orderText(order: OrderDependence, steps: ScheduleStep[]): string {
  const { read, write } = order;
  if (order.kind === 'write-after-write') {
    const wrote = didText({ op: 'write', variable: variableText(write.access!), value: write.access!.value });
    return `the last two writes of one location by two tasks before the failure: ${write.task} ${wrote} at ${where(write)} in \`${write.function}\`${callbackOf(steps, write.task)}, then ${read.task} wrote it${read.access!.value !== undefined ? ` (${read.access!.value})` : ''} at ${where(read)} in \`${read.function}\`${callbackOf(steps, read.task)}. The schedule chose which ran first, and nothing kept the other from running too: if one must come first, or only one may run, nothing orders the two (an order violation).`;
  }
  if (order.kind === 'read-before-write' && order.waited) {
    const resumed = order.waited.function === read.function ? /after the await at (\S+?)(?: \(|$)/.exec(order.waited.event)?.[1] : undefined;
    const value = read.access!.value !== undefined ? ` (${read.access!.value})` : '';
    const wrote = `wrote it${write.access!.value !== undefined ? ` (${write.access!.value})` : ''}`;
    return `Before that, its call of \`${read.function}\` read \`${variableText(read.access!)}\`${value} at ${where(read)} and awaited${resumed ? ` at ${resumed.split('/').pop()}` : ''}; meanwhile ${write.task} ${wrote} at ${where(write)} in \`${write.function}\`, and ${read.task} went on with the value it had read: the check and the act of \`${read.function}\` straddle the await, so they are not atomic (a stale read).`;
  }
  if (order.kind === 'read-before-write') {
    const variable = didText({ op: 'read', variable: pathText([...(order.via ?? []), read]), value: read.access!.value });
    // Through a field the writer replaced (`table` of `table.EUR`), the story names that field.
    const wrote = order.via ? didText({ op: 'write', variable: variableText(write.access!), value: write.access!.value }) : `wrote it${write.access!.value !== undefined ? ` (${write.access!.value})` : ''}`;
    return `the last read before the failure of a value another running task wrote only after it: ${read.task} ${variable} at ${where(read)} in \`${read.function}\` before ${write.task} ${wrote} at ${where(write)} in \`${write.function}\`. If ${write.task}'s write must come first, nothing orders the two (an order violation).`;
  }
  const variable = `\`${variableText(read.access!)}\`${read.access!.value !== undefined ? ` (${read.access!.value})` : ''}`;
  return `the last value one task read from another's write before the failure: ${read.task} read ${variable} at ${where(read)} in \`${read.function}\`, written by ${write.task} at ${where(write)} in \`${write.function}\`. If ${read.task} must read it before ${write.task} writes it, nothing orders the two (an order violation).`;
}

/** " (the setTimeout callback registered at settings.ts:9)" when `task` is a callback's run. */
function callbackOf(steps: ScheduleStep[], task: string): string {
  for (const s of steps) {
    if (s.task !== task) continue;
    const m = /^runs (the \S+ callback) registered at (\S+)/.exec(s.event);
    if (m) return ` (${m[1]} registered at ${m[2].split('/').pop()})`;
  }
  return '';
}

/** Whether `task` took a step the scheduler decided (`… (decision N, …)`) before step `index`. */
function decidedBefore(steps: ScheduleStep[], task: string, index: number): boolean {
  for (let k = index; k >= 0; k--) if (steps[k].task === task && /\(decision \d+/.test(steps[k].event)) return true;
  return false;
}

/** Whether two accesses carry the same value; undefined when one was not traced. Objects by id
 *  when both have one: two objects both read as `Object`. */
function sameValue(a: StepAccess, b: StepAccess): boolean | undefined {
  if (a.value === undefined || b.value === undefined) return undefined;
  if (a.ref !== undefined && b.ref !== undefined) return a.ref === b.ref;
  return a.value === b.value;
}

/** An order dependence between two tasks (the steps a story without an atomicity pattern cites):
 *  `read-after-write`, a read of a value another task wrote; `read-before-write`, a read of a
 *  location before another task, already running, wrote it (a stale read of the value from
 *  before: a startup-order race). */
export interface OrderDependence {
  kind: 'read-after-write' | 'read-before-write' | 'write-after-write';
  write: ScheduleStep;
  /** The reader's step; for `write-after-write`, the later write (no read in between: two
   *  callbacks of one call that should not both run, a timeout and a late answer). */
  read: ScheduleStep;
  /** read-before-write through a field the write replaced: the reader's reads on the path to the
   *  read's object, outermost first (`table`, for a read of `EUR` on the object `table` held). */
  via?: ScheduleStep[];
  /** read-before-write in a call still running at the throw: where the reader resumed after the
   *  await between its read and the write (waitedOnStaleRead). */
  waited?: ScheduleStep;
}

/** The fields a read went through to its location, as the user writes the path: `table.EUR`. */
function pathText(path: ScheduleStep[]): string {
  const leaf = path[path.length - 1].access!;
  const parents = path.slice(0, -1).map((s) => s.access!.k).join('.');
  if (!parents) return variableText(leaf);
  return leaf.k === '[]' ? variableText({ ...leaf, on: leaf.on ?? parents }) : `${parents}.${leaf.k}`;
}

/** At most this many fields on a read's path are searched for a write that replaced one. */
const PATH_DEPTH = 4;

/** With no atomicity pattern (001 Table 1) in the run: the order dependence nearest the failure.
 *  Which task runs first is the other way tasks break each other besides a split check-and-act —
 *  an order violation (Lu et al., ASPLOS'08, the two classes of their study): a read that only
 *  passes when it comes before the other task's write (read-after-write), or only after it
 *  (read-before-write). Test code (task —) is neither side: it sets up and checks, it does not
 *  race. */
export function foreignRead(input: InterleavingInput): OrderDependence | undefined {
  const steps = input.schedule;
  const failure = Math.min(failureStep(input), steps.length - 1);
  const isTask = (s: ScheduleStep) => s.task !== '—' && s.task !== '';
  // A write races the reader when another task that was already running concurrently made it: it
  // had passed a scheduling decision (resumed after an await, ran as a callback) before writing;
  // a synchronous call of test code before the concurrent part (a constructor, `inv.set(…)`) is
  // set-up, not a race.
  const racing = (write: ScheduleStep, j: number, reader: string) =>
    isTask(write) && write.task !== reader && !isConstructor(write.function) && decidedBefore(steps, write.task, j);
  // The write a read saw: the latest one of the same location before it. Only when the values
  // agree: else an untraced write (test code) came between and the read did not see this one.
  const sawWrite = (i: number): OrderDependence | undefined => {
    const read = steps[i];
    for (let j = i - 1; j >= 0; j--) {
      const write = steps[j];
      if (write.access?.op !== 'write' || !sameLocation(write.access, read.access!)) continue;
      return racing(write, j, read.task) && sameValue(write.access, read.access!) !== false ? { kind: 'read-after-write', write, read } : undefined;
    }
    return undefined;
  };
  const reads: number[] = [];
  for (let i = failure; i >= 0; i--) if (steps[i].access?.op === 'read' && isTask(steps[i])) reads.push(i);
  // A throw in the steps: the read nearest it, either shape — the value the failing code acted on
  // is the one it read last; a read that saw one task's write and came before another's is told
  // as the write it saw (that dependence is certain, the other a guess). An assertion in test
  // code after the steps fails at their end, and the run may have gone on to more test cases
  // (the running example runs ten, the last passing because SA read before SB wrote): nearness
  // says nothing there, so a read of another task's write comes first, as before stale reads.
  if (steps[failure]?.event.startsWith('throws ')) {
    // The write a stale read needed may come after the throw: the reader failed first. A later
    // test case's write is not it: the writer's flow (its task, or the registrant of the callback
    // that wrote) must have taken a step before the throw.
    const flowOf = flows(steps, input.frames);
    const before = new Set(flowOf.slice(0, failure).map((s) => s.task));
    const late = (write: ScheduleStep, j: number, reader: string) => racing(write, j, reader) && (j < failure || before.has(flowOf[j].task));
    const waited = waitedOnStaleRead(steps, reads, failure, input.frames, racing);
    if (waited) return waited;
    for (const i of reads) {
      const found = sawWrite(i) ?? staleRead(steps, i, steps.length - 1, late);
      if (found) return found;
    }
    return lastWrites(steps, failure, racing);
  }
  for (const i of reads) {
    const found = sawWrite(i);
    if (found) return found;
  }
  for (const i of reads) {
    const found = staleRead(steps, i, failure, racing);
    if (found) return found;
  }
  return lastWrites(steps, failure, racing);
}

/** A check and its act straddling an await, the act cut short by the throw: the failing task's
 *  call that is still running at the throw (an activation around it) read a location, then awaited,
 *  and another running task wrote the location before the throw — the call went on with the value
 *  it had read (two requests both passing `this.refreshToken` on, the second one already spent).
 *  Told before the nearer read-after-write in a callee (the server that rejected the spent token
 *  read its own state correctly), so the story names the stale read the ranking names too. */
function waitedOnStaleRead(steps: ScheduleStep[], reads: number[], failure: number, frames: InterleavingInput['frames'], racing: (write: ScheduleStep, j: number, reader: string) => boolean): OrderDependence | undefined {
  const thrower = steps[failure];
  const around = chainOf(thrower.a, frames);
  if (!around.length) return undefined;
  for (const i of reads) {
    const read = steps[i];
    if (read.task !== thrower.task || read.a === undefined || !around.includes(read.a)) continue;
    const resumes = steps.slice(i + 1, failure).filter((s) => s.task === read.task && s.event.startsWith('resumes after'));
    // Where the reading call itself awaited, else the first await its callees resumed after.
    const resumed = resumes.find((s) => s.function === read.function) ?? resumes[0];
    if (!resumed) continue;
    const found = staleRead(steps, i, failure - 1, racing);
    // Not if the call read the location again after the write: it saw the new value.
    const at = found ? steps.indexOf(found.write) : -1;
    if (found && !steps.slice(at + 1, failure).some((s) => s.task === read.task && s.access?.op === 'read' && sameLocation(s.access, read.access!))) return { ...found, waited: resumed };
  }
  return undefined;
}

/** With no read on either side: the last write before the failure by a task already running
 *  concurrently, and the latest earlier write of its location by another racing task — their
 *  order, and whether both happen, was the schedule's (a timer's callback and a late I/O answer
 *  both reporting, each counting `answered++`). */
function lastWrites(steps: ScheduleStep[], failure: number, racing: (write: ScheduleStep, j: number, other: string) => boolean): OrderDependence | undefined {
  for (let i = failure; i >= 0; i--) {
    const second = steps[i];
    if (second.access?.op !== 'write' || !racing(second, i, '')) continue;
    for (let j = i - 1; j >= 0; j--) {
      const first = steps[j];
      if (first.access?.op !== 'write' || !sameLocation(first.access, second.access)) continue;
      if (first.task !== second.task && racing(first, j, second.task)) return { kind: 'write-after-write', write: first, read: second };
      break;
    }
  }
  return undefined;
}

/** A read at step index `i` that another task's write after it, before the failure, would have
 *  changed: the next write of its location, or of a field on the path the reader took to it
 *  (`this.table = {…}` after a read of `this.table.EUR`: the reader saw the old object), when a
 *  racing task made it and it wrote another value (or one not traced). The first write after the
 *  read decides: the reader's own or test code's in between is not this race. */
function staleRead(steps: ScheduleStep[], i: number, failure: number, racing: (write: ScheduleStep, j: number, reader: string) => boolean): OrderDependence | undefined {
  const read = steps[i];
  // The path, outermost first: the reader's latest earlier read whose value is the object read
  // from, and so on up (plain fields only: the path reads as `a.b.c`).
  const path = [read];
  for (let x = i - 1; x >= 0 && path.length < PATH_DEPTH; x--) {
    const s = steps[x];
    if (s.task === read.task && s.access?.op === 'read' && s.access.ref !== undefined && s.access.ref === path[0].access!.obj && s.access.k !== '[]' && s.access.obj !== 0) path.unshift(s);
  }
  // The read's own location first, then its parents from the nearest.
  for (let level = path.length - 1; level >= 0; level--) {
    const at = path[level].access!;
    let j = i + 1;
    while (j <= failure && !(steps[j].access?.op === 'write' && sameLocation(steps[j].access!, at))) j++;
    if (j > failure) continue;
    const write = steps[j];
    if (!racing(write, j, read.task) || sameValue(at, write.access!) === true) continue;
    return { kind: 'read-before-write', write, read, ...(level < path.length - 1 ? { via: path.slice(level, -1) } : {}) };
  }
  return undefined;
}

function failureText(input: InterleavingInput, thrownSaid = false): string {
  if (!input.message || thrownSaid) return '';
  return ` The run then failed: ${input.kind}, ${input.message}.`;
}

/** "T3", or "T3 (callback task T22)" when a callback of T3's flow took the step: the story names
 *  the task the schedule lines show too. */
function taskText(s: Pick<InterleavingStep, 'task' | 'own'>): string {
  return s.own ? `${s.task} (callback task ${s.own})` : s.task;
}

/** What separated a region's check from its act: "the await at a.ts:3", "the fs.readFile
 *  callback registered at a.ts:9"; undefined when neither is known. */
export function separatorText(region: Interleaving['region']): string | undefined {
  if (region.awaited) return `the await at ${where(region.awaited)}`;
  if (region.callback) return `the ${region.callback.name} callback registered at ${where(region.callback)}`;
  return undefined;
}

/** The functions a violation's interleaving puts in the evidence tiers (rank.ts). */
export function regionFunctions(interleaving: Interleaving | undefined): { owner?: string; writer?: string } {
  if (!interleaving) return {};
  const writer = interleaving.conflicting.function;
  return { owner: interleaving.region.owner, ...(writer !== interleaving.region.owner && !isConstructor(writer) && !writer.startsWith('(') ? { writer } : {}) };
}

