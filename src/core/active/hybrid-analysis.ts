// ASSETFUZZER phase I (001 §4.1): from one concrete run, the potential atomic-set serializability
// violations — linearizations of the run's relaxed partial order that match one of 001 Table 1's
// eleven problematic access patterns and that the locks do not forbid. Plain JSON in and out:
// the events of one test process (rpoet.ts reads them from a trace), the atomic sets.
//
// - Relaxed happens-before (§4.1.1): program order within a task, and the synchronization that
//   decides control flow — a task's spawn (its starter's events before it), and a task's end
//   (its promise settled) before a task that begins after it (the continuation that awaited the
//   promise started it). Memory accesses and lock operations of different tasks do not order each
//   other: that ordering is what the lockset part judges (001 removes those edges on purpose).
// - Locksets (§4.1.2): the mutexes a task holds at each access, plus the event-loop lock (DESIGN
//   §2), which a task holds from one scheduling point to the next and releases at every await.
// - Hybrid analysis (§4.1.3): F_rhb ∧ F_ls for each instance of a pattern.
import { EVENT_LOOP_LOCK } from '../runtime/strategies/strategy.js';
import { TABLE_1, type AccessPattern } from './access-patterns.js';

/** An activation that is a unit of work (001 §3.1): the outermost one declared on the set. */
export interface UnitRef {
  /** Activation id. */
  id: number;
  /** Its function's static name (`Account.copyFrom`). */
  name: string;
}

/** One event of the relaxed partial order execution trace (RPOET), in execution order. */
export type RpoetEvent =
  | { kind: 'begin'; task: number; spawner?: number }
  | { kind: 'end'; task: number }
  | { kind: 'acquire' | 'release'; task: number; lock: number }
  | { kind: 'suspend'; task: number }
  /** A scheduling point the task passed (an await resumed, a lock request): `site` file:line:col. */
  | { kind: 'gate'; task: number; site: string }
  | RpoetAccess;

export interface RpoetAccess {
  kind: 'access';
  task: number;
  /** `u`: read-modify-write (`x++`). */
  op: 'r' | 'w' | 'u';
  obj: number;
  key: string;
  /** The object's class, when known (for the configured and static atomic sets). */
  cls?: string;
  /** A collection's contents (`key` `[]`): the object and field holding the collection, when the
   *  run showed it (`this.cache`): they belong to that object's atomic sets as that field does. */
  owner?: { obj: number; key: string; cls?: string };
  /** Statement label: `file:line:col`. */
  site: string;
  file: string;
  line: number;
  /** Calling-context hash (runtime/calling-context.ts). */
  ctx: string;
  /** The function that accessed. */
  fn: string;
  unit: UnitRef;
  /** The value read or written, as the user reads it, when traced. */
  value?: string;
}

/** An atomic set declared on a class (config, annotation or inferred): its fields. */
export interface AtomicSetSpec {
  class: string;
  fields: string[];
}

/** An event of a potential violation, as both phases name it. */
export interface ViolationEvent {
  role: 'u' | "u'";
  op: 'read' | 'write';
  /** Which location of the pattern: 0 m1, 1 m2. */
  loc: 0 | 1;
  /** Read-modify-write. */
  up?: boolean;
  /** The location in the user's words: `checking`, `file /tmp/x`. */
  location: string;
  site: string;
  file: string;
  line: number;
  ctx: string;
  function: string;
  /** Scheduling point before it (phase II's gate). */
  gate?: string;
  /** The scheduling points the task passed before it, latest last (a few): phase II defers the
   *  other task at any of them until u's first event happened. */
  gates?: string[];
  /** Phase II: indexes, in acquisition order, of the locks the task holds at this event that it
   *  must have released before it is held (its part of the vulnerable-window lockset). */
  release?: number[];
}

export interface PotentialViolation {
  /** Stable across runs of the same program: the pattern and the events' labels and contexts. */
  id: string;
  row: number;
  notation: string;
  pattern: string;
  description: string;
  /** u, u': the two units of work (static names). */
  units: [string, string];
  /** The atomic set's locations, in the user's words. */
  atomicSet: string[];
  events: ViolationEvent[];
  /** 001 §4.1.2: the common locks u releases between its two events (−1: the event-loop lock). */
  vulnerableWindowLockset: number[];
}

export interface HybridOptions {
  atomicSets?: AtomicSetSpec[];
  /** Stop after this many potential violations (default 200). */
  limit?: number;
}

interface Indexed extends RpoetAccess {
  index: number;
  /** The task's program-order position (its clock). */
  clock: number;
  /** Locks held, in acquisition order (the event-loop lock not included). */
  locks: number[];
  gate?: string;
  gates: string[];
}

interface TaskInfo {
  /** Vector clock when the task began: other task → its clock then. */
  start: Map<number, number>;
  clock: number;
  suspends: number[];
  /** Lock → indexes at which the task released it. */
  releases: Map<number, number[]>;
  /** Lock acquisitions (index, lock). */
  acquires: { index: number; lock: number }[];
  held: Map<number, number>;
  lockList: number[];
  gate?: string;
  /** The last few distinct scheduling points passed (replaced, never mutated: accesses share it). */
  gates: string[];
  ended: boolean;
}

const locationOf = (a: RpoetAccess) => `${a.obj}|${a.key}`;

/** A location in the user's words. */
export function locationText(key: string): string {
  const resource = /^(file|dir|port):(.*)$/s.exec(key);
  if (resource) return `${resource[1] === 'dir' ? 'directory' : resource[1]} ${resource[2]}`;
  return key === '[]' ? 'the elements' : key;
}

/** The relaxed happens-before relation and locksets of one run (001 §4.1.1-4.1.2). */
export class Rpoet {
  readonly accesses: Indexed[] = [];
  readonly tasks = new Map<number, TaskInfo>();

  constructor(events: readonly RpoetEvent[]) {
    /** Join of the final clocks of the tasks that ended so far. */
    const ended = new Map<number, number>();
    const join = (into: Map<number, number>, from: Map<number, number>) => {
      for (const [t, c] of from) if ((into.get(t) ?? -1) < c) into.set(t, c);
    };
    const taskOf = (task: number): TaskInfo => {
      let info = this.tasks.get(task);
      if (!info) {
        // A task seen without its begin: it began when first seen.
        info = { start: new Map(ended), clock: 0, suspends: [], releases: new Map(), acquires: [], held: new Map(), lockList: [], gates: [], ended: false };
        this.tasks.set(task, info);
      }
      return info;
    };
    events.forEach((event, index) => {
      if (event.kind === 'begin') {
        if (this.tasks.has(event.task)) return;
        const start = new Map(ended);
        if (event.spawner !== undefined && event.spawner !== event.task) {
          const spawner = taskOf(event.spawner);
          join(start, spawner.start);
          start.set(event.spawner, spawner.clock);
          spawner.clock++;
        }
        this.tasks.set(event.task, { start, clock: 0, suspends: [], releases: new Map(), acquires: [], held: new Map(), lockList: [], gates: [], ended: false });
        return;
      }
      const task = taskOf(event.task);
      switch (event.kind) {
        case 'end': {
          if (task.ended) return;
          task.ended = true;
          join(ended, task.start);
          ended.set(event.task, task.clock);
          return;
        }
        case 'acquire':
          task.held.set(event.lock, (task.held.get(event.lock) ?? 0) + 1);
          if (!task.lockList.includes(event.lock)) task.lockList = [...task.lockList, event.lock];
          task.acquires.push({ index, lock: event.lock });
          return;
        case 'release': {
          const count = task.held.get(event.lock);
          if (count === undefined) return;
          if (count <= 1) {
            task.held.delete(event.lock);
            task.lockList = task.lockList.filter((l) => l !== event.lock);
          } else task.held.set(event.lock, count - 1);
          const list = task.releases.get(event.lock) ?? [];
          list.push(index);
          task.releases.set(event.lock, list);
          return;
        }
        case 'suspend':
          task.suspends.push(index);
          return;
        case 'gate':
          task.gate = event.site;
          if (task.gates[task.gates.length - 1] !== event.site) task.gates = [...task.gates.filter((g) => g !== event.site), event.site].slice(-8);
          return;
        case 'access':
          this.accesses.push({ ...event, index, clock: task.clock++, locks: task.lockList, gates: task.gates, ...(task.gate !== undefined ? { gate: task.gate } : {}) });
          return;
      }
    });
  }

  /** a →rhb b. */
  happensBefore(a: Indexed, b: Indexed): boolean {
    if (a.task === b.task) return a.index < b.index;
    return (this.tasks.get(b.task)?.start.get(a.task) ?? -1) >= a.clock;
  }

  /** The task of `a` passed a scheduling point (released the event-loop lock) between a and b. */
  suspendsBetween(a: Indexed, b: Indexed): boolean {
    return has(this.tasks.get(a.task)!.suspends, a.index, b.index);
  }

  /** The task of `a` released `lock` between a and b. */
  releasesBetween(a: Indexed, b: Indexed, lock: number): boolean {
    return has(this.tasks.get(a.task)!.releases.get(lock) ?? [], a.index, b.index);
  }

  /** Locks the task of `a` holds at some point from a through b (both of one task). */
  heldDuring(a: Indexed, b: Indexed): Set<number> {
    const set = new Set([...a.locks, ...b.locks]);
    for (const { index, lock } of this.tasks.get(a.task)!.acquires) if (index > a.index && index < b.index) set.add(lock);
    return set;
  }
}

/** Some value of the sorted `list` lies strictly between `from` and `to`. */
function has(list: number[], from: number, to: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] < to;
}

/**
 * F_rhb ∧ F_ls (001 §4.1.3) for one instance of a pattern: `seq` the pattern's events in its order.
 * Returns the vulnerable-window lockset (locks u releases between its two events that the other
 * unit needs, and the event-loop lock) and each event's locks to release, or undefined when the
 * interleaving is infeasible.
 */
export function feasible(rpoet: Rpoet, seq: Indexed[], roles: (0 | 1)[]): { vwls: number[]; release: (number[] | undefined)[] } | undefined {
  // F_rhb: no event happens-before one the pattern puts before it.
  for (let p = 0; p < seq.length; p++) {
    for (let q = p + 1; q < seq.length; q++) if (rpoet.happensBefore(seq[q], seq[p])) return undefined;
  }
  // F_ls: a task whose two events enclose the other's must open a window between them — pass a
  // scheduling point (release the event-loop lock) and release every lock the other task holds
  // or takes while it runs there.
  const vwls = new Set<number>();
  const release: (number[] | undefined)[] = seq.map(() => undefined);
  for (const role of [0, 1] as const) {
    const mine = seq.map((e, i) => (roles[i] === role ? i : -1)).filter((i) => i >= 0);
    if (mine.length !== 2) continue;
    const [x, y] = mine;
    const between = seq.filter((_, i) => i > x && i < y && roles[i] !== role);
    if (!between.length) continue;
    const first = seq[x];
    const last = seq[y];
    if (!rpoet.suspendsBetween(first, last)) return undefined;
    const needed = between.length === 2 ? rpoet.heldDuring(between[0], between[1]) : new Set(between[0].locks);
    const toRelease: number[] = [];
    for (const lock of first.locks) {
      if (!needed.has(lock)) continue;
      if (!rpoet.releasesBetween(first, last, lock)) return undefined;
      toRelease.push(first.locks.indexOf(lock));
      if (role === 0) vwls.add(lock);
    }
    release[x] = toRelease;
    if (role === 0) vwls.add(EVENT_LOOP_LOCK);
  }
  return { vwls: [...vwls].sort((a, b) => a - b), release };
}

/** The atomic sets of a run: per location, the set instance it belongs to and that set's
 *  locations. Declared sets (config, annotation, static inference) by class; every other object
 *  (and the outside world's resources) by the 001/002 inference at run time: locations one unit
 *  of work writes together belong together. Every location is at least a set of its own. */
function atomicSetsOf(accesses: Indexed[], specs: AtomicSetSpec[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  const declared = new Map<string, AtomicSetSpec[]>();
  for (const spec of specs) declared.set(spec.class, [...(declared.get(spec.class) ?? []), spec]);
  const byUnit = new Map<number, { loc: string; obj: number }[]>();
  for (const a of accesses) {
    const loc = locationOf(a);
    if (!parent.has(loc)) parent.set(loc, loc);
    // A collection held in a field counts as that field of its owner.
    const holder = a.owner ? { obj: a.owner.obj, key: a.owner.key, cls: a.owner.cls } : { obj: a.obj, key: a.key, cls: a.cls };
    if (a.owner) union(loc, `${holder.obj}|${holder.key}`);
    const sets = holder.cls ? declared.get(holder.cls) : undefined;
    if (sets) {
      const spec = sets.find((s) => s.fields.includes(holder.key));
      if (spec) union(loc, `${holder.obj}|${spec.fields[0]}`);
      continue;
    }
    if (a.op !== 'r') {
      const list = byUnit.get(a.unit.id) ?? [];
      list.push({ loc, obj: holder.obj });
      byUnit.set(a.unit.id, list);
    }
  }
  for (const locations of byUnit.values()) {
    // Written together by one unit, on one object (a resource set lives on object 0).
    const byObject = new Map<number, string>();
    for (const { loc, obj } of locations) {
      const first = byObject.get(obj);
      if (first === undefined) byObject.set(obj, loc);
      else union(first, loc);
    }
  }
  const sets = new Map<string, string>();
  for (const loc of parent.keys()) sets.set(loc, find(loc));
  return sets;
}

/** Keep, per unit instance and static event (site, context, op, location), the first and the last
 *  occurrence: the widest windows, without a loop multiplying the work. */
function distinct(events: Indexed[]): Indexed[] {
  const first = new Map<string, Indexed>();
  const last = new Map<string, Indexed>();
  for (const e of events) {
    const key = `${e.site}|${e.ctx}|${e.op}|${e.obj}|${e.key}`;
    if (!first.has(key)) first.set(key, e);
    last.set(key, e);
  }
  return [...new Set([...first.values(), ...last.values()])].sort((a, b) => a.index - b.index);
}

const reads = (e: Indexed) => e.op === 'r' || e.op === 'u';
const writes = (e: Indexed) => e.op === 'w' || e.op === 'u';

/** Phase I: the potential violations of one run (001 §4.1). */
export function hybridAnalysis(events: readonly RpoetEvent[], options: HybridOptions = {}): PotentialViolation[] {
  const rpoet = new Rpoet(events);
  const limit = options.limit ?? 200;
  const setOf = atomicSetsOf(rpoet.accesses, options.atomicSets ?? []);
  // Set instance → unit instance → its accesses; only sets that two tasks touch, one writing.
  const bySet = new Map<string, Indexed[]>();
  for (const a of rpoet.accesses) {
    const set = setOf.get(locationOf(a))!;
    const list = bySet.get(set) ?? [];
    list.push(a);
    bySet.set(set, list);
  }
  const found = new Map<string, PotentialViolation>();
  for (const accesses of bySet.values()) {
    const tasks = new Set(accesses.map((a) => a.task));
    if (tasks.size < 2 || !accesses.some(writes)) continue;
    const units = new Map<string, Indexed[]>();
    for (const a of accesses) {
      const key = `${a.task}|${a.unit.id}`;
      const list = units.get(key) ?? [];
      list.push(a);
      units.set(key, list);
    }
    const instances = [...units.values()].map(distinct);
    const signature = new Map(instances.map((events) => [events, `${events[0].unit.name}:${events.map((e) => `${e.op}@${e.site}#${e.ctx}.${e.key}`).join(',')}`]));
    const locations = [...new Set(accesses.map((a) => a.key))];
    /** Unit instances alike (same static events) are not tried all against all: a loop of a
     *  thousand calls must not make the analysis quadratic in them. */
    const tried = new Map<string, number>();
    for (const u of instances) {
      // u needs two events with a scheduling point between them.
      if (u.length < 2 || !rpoet.suspendsBetween(u[0], u[u.length - 1])) continue;
      for (const other of instances) {
        if (other === u || other[0].task === u[0].task) continue;
        const pair = `${signature.get(u)}|${signature.get(other)}`;
        const count = tried.get(pair) ?? 0;
        if (count >= 64) continue;
        const before = found.size;
        matchPair(rpoet, u, other, locations, found, limit);
        // A pair of alike instances that found something has found what the others would (the
        // same static events); one whose instances are ordered (or locked) is tried again.
        tried.set(pair, found.size > before ? 64 : count + 1);
        if (found.size >= limit) return [...found.values()];
      }
    }
  }
  return [...found.values()];
}

/** Every instance of every pattern with u's events from `u` and u''s from `other`. */
function matchPair(rpoet: Rpoet, u: Indexed[], other: Indexed[], locations: string[], found: Map<string, PotentialViolation>, limit: number): void {
  const ok = (e: Indexed, op: 'r' | 'w') => (op === 'r' ? reads(e) : writes(e));
  for (const pattern of TABLE_1) {
    const steps = pattern.steps;
    const two = steps.some((s) => s.loc === 1);
    const uSteps = steps.map((s, i) => (s.role === 0 ? i : -1)).filter((i) => i >= 0);
    const oSteps = steps.map((s, i) => (s.role === 1 ? i : -1)).filter((i) => i >= 0);
    for (let a = 0; a < u.length; a++) {
      const x = u[a];
      if (!ok(x, steps[uSteps[0]].op)) continue;
      for (let b = a + 1; b < u.length; b++) {
        const y = u[b];
        if (!ok(y, steps[uSteps[1]].op)) continue;
        // m1 is u's first location; single-location patterns need the same one twice.
        const m1 = `${x.obj}|${x.key}`;
        const yLoc = `${y.obj}|${y.key}`;
        if (two ? yLoc === m1 : yLoc !== m1) continue;
        const m2 = two ? yLoc : undefined;
        const locOf = (loc: 0 | 1) => (loc === 0 ? m1 : m2);
        const candidates = (i: number) => other.filter((e) => ok(e, steps[i].op) && `${e.obj}|${e.key}` === locOf(steps[i].loc));
        const firsts = candidates(oSteps[0]);
        const seconds = oSteps.length > 1 ? candidates(oSteps[1]) : [undefined];
        for (const c of firsts) {
          for (const d of seconds) {
            if (d && d.index <= c.index) continue;
            const bySlot: Indexed[] = [];
            bySlot[uSteps[0]] = x;
            bySlot[uSteps[1]] = y;
            bySlot[oSteps[0]] = c;
            if (d) bySlot[oSteps[1]] = d;
            const roles = steps.map((s) => s.role);
            const result = feasible(rpoet, bySlot, roles);
            if (!result) continue;
            const violation = describe(pattern, bySlot, roles, result, locations);
            if (!found.has(violation.id)) found.set(violation.id, violation);
            if (found.size >= limit) return;
          }
        }
      }
    }
  }
}

function describe(pattern: AccessPattern, seq: Indexed[], roles: (0 | 1)[], result: { vwls: number[]; release: (number[] | undefined)[] }, locations: string[]): PotentialViolation {
  const events: ViolationEvent[] = seq.map((e, i) => ({
    role: roles[i] === 0 ? 'u' : "u'",
    op: pattern.steps[i].op === 'r' ? 'read' : 'write',
    loc: pattern.steps[i].loc,
    ...(e.op === 'u' ? { up: true } : {}),
    location: locationText(e.key),
    site: e.site,
    file: e.file,
    line: e.line,
    ctx: e.ctx,
    function: e.fn,
    ...(e.gate !== undefined ? { gate: e.gate } : {}),
    ...(e.gates.length ? { gates: e.gates } : {}),
    ...(result.release[i]?.length ? { release: result.release[i] } : {}),
  }));
  const u = seq[roles.indexOf(0)].unit.name;
  const other = seq[roles.indexOf(1)].unit.name;
  const id = `${pattern.row}:${events.map((e) => `${e.op[0]}@${e.site}#${e.ctx}`).join(',')}`;
  return {
    id,
    row: pattern.row,
    notation: pattern.notation,
    pattern: pattern.name,
    description: pattern.description,
    units: [u, other],
    atomicSet: locations.map(locationText),
    events,
    vulnerableWindowLockset: result.vwls,
  };
}
