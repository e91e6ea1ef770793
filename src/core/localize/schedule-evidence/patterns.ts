// The access patterns of one scheduled run (issue 30, schedule evidence): per shared location, the
// unserializable triples of Falcon (Park, Vuduc & Harrold, ICSE 2010, §3.1) — two consecutive
// accesses of one task with another task's access between them, as R-W-R, W-W-R, W-R-W or R-W-W —
// and the order pairs of Unicorn (Park et al., 2012) — consecutive accesses of two tasks, W-R, R-W
// or W-W. A pattern is named by its code (the sites' file:line and the functions), so the same
// pattern in two runs is one pattern; score.ts counts in how many failing and passing runs each
// occurs.
//
// Tasks are logical flows (trace/tasks.ts `logical`): a one-shot callback's run continues the flow
// that registered it; a listener's or an interval's run, a spawned async call and a call from test
// code start one. Accesses inside one synchronous step can never be split, so only a scheduling
// point between a task's two accesses lets another task's access in: any pattern found here
// straddles one.
import { eventText, promiseText, timerText } from '../../trace/resource-keys.js';
import { readTraceFile, traceFiles } from '../../trace/read-trace.js';
import { failingTestCases, testCaseKey, type TestCase } from '../../trace/test-cases.js';
import { TaskLabeler, writtenIn } from '../../trace/tasks.js';
import type { FieldEvent, SiteEvent } from '../../runtime/trace-events.js';

export type Op = 'R' | 'W';
/** Falcon's unserializable triples (a1 a2 a3: a1 and a3 one task's, a2 another's). */
export const UNSERIALIZABLE = new Set(['RWR', 'WWR', 'WRW', 'RWW']);
/** Unicorn's order pairs (two tasks' consecutive accesses; R-R commutes). */
export const ORDER_PAIRS = new Set(['WR', 'RW', 'WW']);

/** One access of a pattern, as code: where, which function, read or write. */
export interface PatternAccess {
  op: Op;
  file: string;
  line: number;
  function: string;
}

export interface AccessPattern {
  /** Stable across runs: kind, ops and the accesses' code. */
  id: string;
  /** Falcon's triple on one location, 001's atomic-set triple on two fields of one object (four
   *  accesses: a1 on x, the other task's on x and on y, a3 on y), or Unicorn's order pair. */
  kind: 'triple' | 'atomic-set' | 'pair';
  /** `RWW`, `WR`, `RWWR`, … */
  ops: string;
  /** What was accessed, as the user reads it (`this.sessions`, `file:/tmp/x`). */
  variable: string;
  accesses: PatternAccess[];
  /** The function the pattern ranks (pairOf, tripleOf). */
  owner: string;
  /** An order pair owned by the call that registered the second access's callback, which ran
   *  after its flow had moved on (pairOf): that callback, `then callback (line 35)`. */
  lateCallback?: string;
  /** An order pair whose other access came in the middle of a call of the owner's: between two
   *  accesses that call made (pairOf). */
  split?: true;
  /** An order pair whose second access (a write) was made by an async call the owner started and
   *  ended before, with nothing waiting for it (pairOf, ProcessState.droppedBy): that call's
   *  function (`createContactsDb.upsertContact`). */
  droppedCall?: string;
}

interface Access {
  task: string;
  /** The field, for an object-level (atomic set) access. */
  field?: string;
  /** A whole collection's access (iteration, `size`, `clear`): no element key. */
  whole: boolean;
  op: Op;
  a: number | null;
  site: number;
  seq: number;
}

interface ProcessState {
  fnOf: (a: number | null) => string;
  siteOf: (s: number) => SiteEvent | undefined;
  labels: Map<number, string>;
  parents: Map<number, number | null>;
  /** Whether call `a` itself had begun before `seq`. */
  enteredBefore: (a: number | null, seq: number) => boolean;
  /** The innermost call of `a`'s task that holds `a` (or is it) and made an access after `seq`
   *  (itself or through its callees): the call went on after that moment. */
  wentOnAfter: (a: number | null, seq: number) => number | undefined;
  /** The innermost such call that made an access before `seq`: it had begun by then. */
  begunBefore: (a: number | null, seq: number) => number | undefined;
  /** The innermost such call that read `location` before `seq`. */
  readBefore: (a: number | null, seq: number, location: string) => number | undefined;
  /** For an access inside a one-shot callback run its registering flow had moved on from
   *  (trace/tasks.ts leftBehind), when the registering call had begun before `seq`: that call and
   *  the callback, as the user reads it (`then callback (line 35)`). */
  leftBehind: (a: number | null, seq: number) => { registrant: number; callback: string } | undefined;
  /** For an access inside an async call its caller ended before (nothing awaited it: `forEach(async
   *  …)`, a `Promise.race` loser, a call whose promise was dropped), when `first` was made by that
   *  caller's flow after the call had begun: the caller, and the dropped call's function. */
  droppedBy: (a: number | null, first: { a: number | null; seq: number }) => { caller: number; call: string } | undefined;
}

/** At most this many other tasks' accesses are remembered between two of one task's (per location). */
const WINDOW = 16;

/** The patterns of one run (all its processes), each once. */
export async function runPatterns(runDir: string): Promise<AccessPattern[]> {
  const found = new Map<string, AccessPattern>();
  for (const file of traceFiles(runDir)) for (const { patterns } of (await processPatterns(file)).units) for (const p of patterns) keep(found, p);
  return [...found.values()];
}

/** One execution Falcon counts: a test case's run (issue 31), or the whole run where its traces
 *  name no test case. */
export interface ObservedUnit {
  failed: boolean;
  patterns: AccessPattern[];
}

/** The executions of one run, each with its patterns. With test events, each test case of the run
 *  is one execution, failed when it failed: a pattern a passing test of a failing run shows is
 *  evidence that the pattern does not fail, as Falcon's passing runs are. A run that failed with
 *  every test passing (a hang the runner never saw end, a violation outside any assertion) counts
 *  each of its tests as failed. Accesses outside any test (module top level) are the run's own. */
export async function runUnits(runDir: string, runFailed: boolean): Promise<{ units: ObservedUnit[]; perTest: boolean }> {
  const byTest = new Map<string, AccessPattern[]>();
  const outside = new Map<string, AccessPattern>();
  const tests: TestCase[] = [];
  for (const file of traceFiles(runDir)) {
    const read = await processPatterns(file);
    tests.push(...read.testCases);
    for (const { test, patterns } of read.units) {
      if (test === undefined) for (const p of patterns) keep(outside, p);
      else byTest.set(test, (byTest.get(test) ?? []).concat(patterns));
    }
  }
  if (tests.length === 0) return { units: [{ failed: runFailed, patterns: [...byTest.values()].flat().concat([...outside.values()]) }], perTest: false };
  const failing = new Set(failingTestCases(tests, runFailed).map(testCaseKey));
  const allFailed = runFailed && failing.size === 0;
  const units: ObservedUnit[] = tests.map((t) => testCaseKey(t)).filter((k, i, all) => all.indexOf(k) === i).map((k) => ({ failed: allFailed || failing.has(k), patterns: unique(byTest.get(k) ?? []) }));
  if (outside.size) units.push({ failed: runFailed, patterns: [...outside.values()] });
  return { units, perTest: true };
}

function unique(patterns: AccessPattern[]): AccessPattern[] {
  const found = new Map<string, AccessPattern>();
  for (const p of patterns) keep(found, p);
  return [...found.values()];
}

/** Adds p once per id; of a pattern's occurrences the split one (the stronger, idOf). */
function keep(found: Map<string, AccessPattern>, p: AccessPattern): void {
  const had = found.get(p.id);
  if (!had || (p.split && !had.split)) found.set(p.id, p);
}

/** One trace file's patterns, per test case (undefined: outside any), and its test cases. Two
 *  test cases' accesses never pair: a test's pattern is its own. */
async function processPatterns(file: string): Promise<{ units: { test?: string; patterns: AccessPattern[] }[]; testCases: TestCase[] }> {
  const tasks = new TaskLabeler({ logical: true });
  const parents = new Map<number, number | null>();
  const activationFn = new Map<number, number>();
  const accesses: { event: FieldEvent; seq: number; test?: string }[] = [];
  let seq = 0;
  const entered = new Map<number, number>();
  /** Per activation, when it ended; and the synchronous ones that returned a promise (they handed
   *  their callees' work on to their caller, who may await it). */
  const ended = new Map<number, number>();
  const handedOn = new Set<number>();
  const info = await readTraceFile(file, (event, declared, test) => {
    switch (event.e) {
      case 'en': {
        entered.set(event.a, seq++);
        const fn = declared.functions.get(event.f);
        tasks.enter(event.a, event.p, fn?.kind === 'callback' ? fn.name : undefined);
        parents.set(event.a, event.p);
        activationFn.set(event.a, event.f);
        break;
      }
      case 'spawn':
        tasks.spawn(event.a);
        break;
      case 'ex':
      case 'exc': {
        ended.set(event.a, seq++);
        const returned = event.e === 'ex' ? event.v.return : undefined;
        if (typeof returned === 'object' && returned !== null && '$' in returned && returned.$ === 'object' && returned.cls === 'Promise') handedOn.add(event.a);
        tasks.step(event.e, event.a);
        break;
      }
      case 'aw':
      case 'rs':
        tasks.step(event.e, event.a);
        break;
      case 'rd':
      case 'wr':
      case 'up':
        accesses.push({ event, seq: seq++, test });
        break;
      default:
        break;
    }
  });
  const labels = tasks.labels();
  const fnOf = (a: number | null): string => writtenIn(a, (x) => info.functions.get(activationFn.get(x) ?? -1), parents)?.name ?? '(top level)';
  // An object under construction is no one else's yet: a constructor's accesses (and those of
  // what it calls) happen before any other task can hold the object, in every order.
  const constructing = new Map<number, boolean>();
  const inConstructor = (a: number | null): boolean => {
    if (a === null) return false;
    let known = constructing.get(a);
    if (known === undefined) {
      const parent = parents.get(a) ?? null;
      known = info.functions.get(activationFn.get(a) ?? -1)?.kind === 'constructor' || inConstructor(parent);
      constructing.set(a, known);
    }
    return known;
  };
  // Per call, its first and last access, its callees' included (within its task).
  const kept = accesses.filter(({ event }) => event.a !== null && !inConstructor(event.a));
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  // A call holds its callees' accesses, within its task, and not a callback's run: that run is a
  // call of its own, even where it continues the flow of the call that registered it.
  const isCallbackRun = (x: number) => info.functions.get(activationFn.get(x) ?? -1)?.kind === 'callback';
  const sameTask = (up: number, x: number) => labels.get(up) === labels.get(x) && !isCallbackRun(x);
  const behind = tasks.leftBehind();
  /** Per call and location, the call's first read of it (its callees' included). */
  const firstAt = new Map<string, number>();
  for (const { event, seq: at } of kept) {
    const locations = locationsOf(event);
    const reads = event.e !== 'wr';
    for (let x: number | null = event.a; x !== null; ) {
      if (!first.has(x)) first.set(x, at);
      last.set(x, at);
      if (reads) for (const { location } of locations) if (!firstAt.has(`${x} ${location}`)) firstAt.set(`${x} ${location}`, at);
      const up: number | null = parents.get(x) ?? null;
      if (up === null || !sameTask(up, x)) break;
      x = up;
    }
  }
  const climb = (a: number | null, test: (x: number) => boolean): number | undefined => {
    for (let x = a; x !== null; ) {
      if (test(x)) return x;
      const up: number | null = parents.get(x) ?? null;
      if (up === null || !sameTask(up, x)) return undefined;
      x = up;
    }
    return undefined;
  };
  const state: ProcessState = {
    fnOf, siteOf: (s) => info.sites.get(s), labels, parents,
    enteredBefore: (a, at) => a !== null && (entered.get(a) ?? Infinity) < at,
    wentOnAfter: (a, at) => climb(a, (x) => (last.get(x) ?? -1) > at),
    begunBefore: (a, at) => climb(a, (x) => (first.get(x) ?? Infinity) < at),
    readBefore: (a, at, location) => climb(a, (x) => (firstAt.get(`${x} ${location}`) ?? Infinity) < at),
    leftBehind: (a, at) => {
      // Up to the innermost callback run holding the access (a call made from a callback runs in
      // it), then: was that run left behind, by a call that had begun before `at`?
      let x = a;
      while (x !== null && !isCallbackRun(x)) x = parents.get(x) ?? null;
      const registrant = x === null ? undefined : behind.get(x);
      if (x === null || registrant === undefined || !((entered.get(registrant) ?? Infinity) < at)) return undefined;
      return { registrant, callback: info.functions.get(activationFn.get(x) ?? -1)?.name ?? 'callback' };
    },
    droppedBy: (a, first) => {
      // Up from the access to an async call that ended after its caller ended: the caller never
      // waited for it (an await of it, or of a Promise.all holding it, ends the caller after it).
      // A caller that is a callback's run, or a synchronous one that returned a promise (it
      // handed the work on), is left out; so is a flow other than the caller's.
      for (let x = a; x !== null; x = parents.get(x) ?? null) {
        const caller = parents.get(x) ?? null;
        if (caller === null || isCallbackRun(caller) || handedOn.has(caller)) continue;
        if (!info.functions.get(activationFn.get(x) ?? -1)?.async) continue;
        // The caller was still running when the call began: a closure of a factory that had
        // returned long before (a handler `createImageHandler` made) runs as that factory's
        // activation, which started nothing then.
        const callerEnd = ended.get(caller);
        const began = entered.get(x) ?? Infinity;
        if (callerEnd === undefined || (ended.get(x) ?? Infinity) < callerEnd || !(began < callerEnd)) continue;
        if (first.a === null || labels.get(first.a) !== labels.get(caller) || !(began < first.seq)) continue;
        return { caller, call: fnOf(x) };
      }
      return undefined;
    },
  };
  // An access no activation made (code the recorder saw run outside any call of the program's)
  // belongs to no known task: it can pair with nothing.
  const byTest = new Map<string | undefined, { event: FieldEvent; seq: number }[]>();
  for (const access of kept) {
    const group = byTest.get(access.test);
    if (group) group.push(access);
    else byTest.set(access.test, [access]);
  }
  return { units: [...byTest].map(([test, group]) => ({ test, patterns: scan(group, state) })), testCases: info.testCases };
}

function scan(accesses: { event: FieldEvent; seq: number }[], state: ProcessState): AccessPattern[] {
  const found = new Map<string, AccessPattern>();
  /** Per location: the last access, and per task its last access and the others' since. */
  const last = new Map<string, Access>();
  const mine = new Map<string, Map<string, { own: Access; between: Access[] }>>();
  const add = (p: AccessPattern | undefined) => p && keep(found, p);
  // Counts (`n++`, `n += 1`: instrument-transformer.ts updateKind) commute, each in one step: a
  // pattern made of counts alone is serializable (a statistics counter every query bumps split
  // nothing: unseen5's job queue ranked its worker loop first on `queries`).
  const counted = (...xs: Access[]) => xs.every((x) => state.siteOf(x.site)?.k === 'count');
  /** Per object, per task, per field: the task's last access to it and the others' since. */
  const objects = new Map<number, Map<string, Map<string, { own: Access; between: Access[] }>>>();
  for (const { event, seq } of accesses) {
    const task = event.a === null ? '—' : state.labels.get(event.a) ?? `a${event.a}`;
    const ops: Op[] = event.e === 'rd' ? ['R'] : event.e === 'wr' ? ['W'] : ['R', 'W'];
    const whole = (event as FieldEvent & { ek?: unknown }).ek === undefined;
    for (const { location, element } of locationsOf(event)) {
      // Two elements' accesses meet at the collection's own location only to conflict with a
      // whole-collection access: `set(a)` and `set(b)` do not race.
      const base = !element;
      const counts = (...xs: Access[]) => !base || xs.some((x) => x.whole);
      for (const op of ops) {
        if (base && !whole && op === 'R') continue;
        const access: Access = { task, whole, op, a: event.a, site: event.s, seq };
        const prev = last.get(location);
        if (prev && prev.task !== task && counts(prev, access) && !counted(prev, access)) add(pairOf(prev, access, location, state));
        let perTask = mine.get(location);
        if (!perTask) mine.set(location, (perTask = new Map()));
        const window = perTask.get(task);
        if (window) for (const other of window.between) if (counts(window.own, other, access) && !counted(window.own, other, access)) add(tripleOf(window.own, other, access, location, state));
        for (const [t, w] of perTask) {
          if (t === task || w.between.length >= WINDOW) continue;
          if (!w.between.some((b) => b.op === op && b.site === access.site && b.task === task)) w.between.push(access);
        }
        perTask.set(task, { own: access, between: [] });
        last.set(location, access);
      }
    }
    // 001's atomic sets: the fields of one object belong together. A task's access to field y
    // after its access to field x of the same object, with another task's conflicting accesses to
    // x and to y between them, saw (or left) the pair half old, half new — copyFrom reading
    // `checking` before and `savings` after creditInterest updated both (rows 6-11 of 001 Table 1).
    if (event.obj !== 0 && event.k !== '[]') {
      for (const op of ops) {
        const access: Access = { task, whole: true, op, a: event.a, site: event.s, seq, field: event.k };
        let perTask = objects.get(event.obj);
        if (!perTask) objects.set(event.obj, (perTask = new Map()));
        let fields = perTask.get(task);
        if (!fields) perTask.set(task, (fields = new Map()));
        // Against the task's last access to each other field x of the object, and what other
        // tasks did to the object since.
        for (const [x, window] of fields) {
          if (x === event.k) continue;
          const onX = window.between.find((b) => b.field === x && (b.op === 'W' || window.own.op === 'W'));
          const onY = window.between.find((b) => b.field === event.k && (b.op === 'W' || op === 'W'));
          if (onX && onY && !counted(window.own, onX, onY, access)) add(atomicSetTripleOf(window.own, onX, onY, access, state));
        }
        for (const [t, others] of perTask) {
          if (t === task) continue;
          for (const w of others.values()) {
            if (w.between.length < WINDOW && !w.between.some((b) => b.op === op && b.site === access.site && b.task === task)) w.between.push(access);
          }
        }
        fields.set(event.k, { own: access, between: [] });
      }
    }
  }
  return [...found.values()];
}

/** The locations an access touches: the object's key, and for a collection element its key too —
 *  a whole-collection access (iteration, `size`) conflicts with every element's write (scan). */
function locationsOf(event: FieldEvent): { location: string; element: boolean }[] {
  const base = `${event.obj}:${event.k}`;
  const ek = (event as FieldEvent & { ek?: string | number | boolean }).ek;
  const own = { location: base, element: false };
  return ek === undefined ? [own] : [own, { location: `${base}[${typeof ek}:${String(ek)}]`, element: true }];
}

function codeOf(access: Access, state: ProcessState): PatternAccess {
  const site = state.siteOf(access.site);
  return { op: access.op, file: site?.file ?? '', line: site?.line ?? 0, function: state.fnOf(access.a) };
}

function variableOf(location: string, access: Access, state: ProcessState): string {
  const [, ...rest] = location.split(':');
  const element = /\[(string|number|boolean):(.*)\]$/s.exec(location);
  const key = rest.join(':').replace(/\[(?:string|number|boolean):.*\]$/s, '');
  const site = state.siteOf(access.site);
  if (key === '[]') {
    // An element by its key, as the stories say it: entry "views:/home" of this.data.
    const entry = element ? `entry ${element[1] === 'string' ? JSON.stringify(element[2]) : element[2]}` : undefined;
    return entry ? `${entry}${site?.on ? ` of ${site.on}` : ''}` : site?.on ? `the elements of ${site.on}` : 'a collection\'s elements';
  }
  if (key.startsWith('event:')) return eventText(key.slice('event:'.length));
  if (key.startsWith('timer:')) return timerText(key.slice('timer:'.length));
  if (key.startsWith('promise:')) return promiseText(key.slice('promise:'.length));
  return key.startsWith('file:') || key.startsWith('dir:') || key.startsWith('port:') ? key : `\`${key}\``;
}

/** The pattern's code: kind, ops, the accesses' sites and the function it ranks. Not the
 *  variable: a temporary path or a collection key differs from run to run while the code that
 *  raced is the same. Not `split` either: Unicorn's pattern is the order of the accesses, and
 *  whether the owner's call went on after the other task's access only says how strong it is. It
 *  depends on what the run did later (a failing test stops at its first failed assertion, a
 *  passing one goes on; an I/O call completes before the other write or after it), so with it in
 *  the id the passing runs' evidence against an order was lost (torn-write: `load`'s read before
 *  `save`'s write, in the passing run too, scored as only failing runs show it). score.ts keeps
 *  the split form where a failing run showed it. */
const idOf = (kind: string, ops: string, accesses: PatternAccess[], owner: string) =>
  `${kind} ${ops} ${accesses.map((a) => `${a.function}@${a.file}:${a.line}`).join(' ')} → ${owner}`;

/** Unicorn's order pair: p then c, two tasks. WR ranks the write the read should not have seen,
 *  RW the read that came before the write it needed (its check was split), WW the later write,
 *  which overwrote the other task's. */
function pairOf(p: Access, c: Access, location: string, state: ProcessState): AccessPattern | undefined {
  const ops = p.op + c.op;
  if (!ORDER_PAIRS.has(ops)) return undefined;
  const accesses = [codeOf(p, state), codeOf(c, state)];
  // Split (the strongest pairs): the other task's access came in the middle of one call of the
  // owner's — a check whose act came after it, an update that went on after another task read
  // its half, an overwrite by a call that had read the location before the other write, a read by a call that
  // had begun before the write and waited across it (a listener added after an await, with the
  // emit in between), a write by a call that had begun before the read and waited across it (a
  // count added to a window another task had already read out: unseen4's nt-metrics). That call
  // (for the first three, the innermost of its task holding the access that went on or had
  // begun) owns the pair. Else the W-R pair is the writer's (the write the read should not have
  // seen), the R-W pair the reader's (it came before the write it needed), the W-W pair the
  // second writer's (it overwrote).
  let owner = ops === 'WW' ? accesses[1].function : accesses[0].function;
  let holder: number | undefined;
  // First, the second access came from a callback its registering flow had moved on from, and
  // that flow's call had begun before the first access: the call left work behind that landed
  // late (a Promise.race loser's `.then` that commits after the caller rolled back: unseen4's
  // vt-deadline). That call owns the pair, whatever the first access's call did after.
  const late = state.leftBehind(c.a, p.seq);
  // Likewise a write by an async call whose caller ended before it, nothing waiting for it, after
  // that caller's own flow had read or written the location: the flow went on as if the work were
  // done (`rows.forEach(async …)` and then the count: unseen7's contacts import). The caller owns it.
  const dropped = !late && (ops === 'RW' || ops === 'WW') ? state.droppedBy(c.a, p) : undefined;
  if (late) holder = late.registrant;
  else if (dropped) holder = dropped.caller;
  else if (ops === 'RW') holder = state.wentOnAfter(p.a, c.seq) ?? (state.enteredBefore(c.a, p.seq) ? c.a! : undefined);
  else if (ops === 'WR') holder = state.wentOnAfter(p.a, c.seq) ?? (state.enteredBefore(c.a, p.seq) ? c.a! : undefined);
  // An overwrite is split only when the overwriting call had read that same location before the
  // other task's write: it wrote back what it had read, a lost update (Falcon's R-W-W). A call
  // that had only touched other state, or only written there (W-W-W is serializable), before is
  // an ordinary later write.
  else holder = state.readBefore(c.a, p.seq, location);
  const split = holder !== undefined;
  if (holder !== undefined) owner = state.fnOf(holder);
  const variable = variableOf(location, c, state);
  return { id: idOf('pair', ops, accesses, owner), kind: 'pair', ops, variable, accesses, owner, ...(split ? { split: true as const } : {}), ...(late ? { lateCallback: late.callback } : {}), ...(dropped ? { droppedCall: dropped.call } : {}) };
}

/** Falcon's triple: a1 and a3 one task's consecutive accesses, a2 another task's between them.
 *  It ranks the function whose two accesses were split: the nearest activation both were made
 *  in (a check in a callee and the act in its caller belong to the caller's region). */
function tripleOf(a1: Access, a2: Access, a3: Access, location: string, state: ProcessState): AccessPattern | undefined {
  const ops = a1.op + a2.op + a3.op;
  if (!UNSERIALIZABLE.has(ops)) return undefined;
  const common = commonActivation(a1.a, a3.a, state.parents);
  if (twoCallsOfOne(a1, a3, common, state)) return undefined;
  const accesses = [codeOf(a1, state), codeOf(a2, state), codeOf(a3, state)];
  const owner = common === undefined ? accesses[2].function : state.fnOf(common);
  const variable = variableOf(location, a3, state);
  return { id: idOf('triple', ops, accesses, owner), kind: 'triple', ops, variable, accesses, owner };
}

/** An atomic-set triple (001): a1 on field x, another task's a2 on x and a2' on y, then a3 on y by
 *  a1's task. Its owner is the nearest call holding a1 and a3, as for one field's triple. */
function atomicSetTripleOf(a1: Access, onX: Access, onY: Access, a3: Access, state: ProcessState): AccessPattern | undefined {
  const ops = a1.op + onX.op + onY.op + a3.op;
  const accesses = [codeOf(a1, state), codeOf(onX, state), codeOf(onY, state), codeOf(a3, state)];
  const common = commonActivation(a1.a, a3.a, state.parents);
  if (twoCallsOfOne(a1, a3, common, state)) return undefined;
  const owner = common === undefined ? accesses[3].function : state.fnOf(common);
  const variable = `\`${a1.field}\` and \`${a3.field}\` of one object`;
  return { id: idOf('atomic-set', ops, accesses, owner), kind: 'atomic-set', ops, variable, accesses, owner };
}

/** The task's two accesses were made in two calls of one function by a caller that holds neither
 *  (a worker loop's `acquire()` each round, a retry loop's `get()` each attempt): each call is an
 *  operation of its own that reads the state afresh, two regions, not one split region (as the
 *  stories count them: interleaving.ts). */
function twoCallsOfOne(a1: Access, a3: Access, common: number | undefined, state: ProcessState): boolean {
  return a1.a !== a3.a && common !== a1.a && common !== a3.a && state.fnOf(a1.a) === state.fnOf(a3.a);
}

function commonActivation(a: number | null, b: number | null, parents: Map<number, number | null>): number | undefined {
  if (a === null || b === null) return undefined;
  const chain = new Set<number>();
  for (let x: number | null = a; x !== null; x = parents.get(x) ?? null) chain.add(x);
  for (let x: number | null = b; x !== null; x = parents.get(x) ?? null) if (chain.has(x)) return x;
  return undefined;
}

const verb = (op: Op) => (op === 'R' ? 'read' : 'wrote');
const at = (a: PatternAccess) => `${a.file.split('/').pop()}:${a.line}`;
const dashed = (ops: string) => ops.split('').join('-');

/** The pattern in the user's words: who did what to which variable, where, in which order. */
export function patternText(p: Pick<AccessPattern, 'kind' | 'ops' | 'variable' | 'accesses' | 'split' | 'owner' | 'lateCallback' | 'droppedCall'>): string {
  const [a, b, c] = p.accesses;
  if (p.kind === 'atomic-set') {
    const d = p.accesses[3];
    return `${a.function} ${verb(a.op)} one field at ${at(a)}; another task's ${b.function} ${verb(b.op)} it at ${at(b)} and ${c.function} ${verb(c.op)} the other at ${at(c)} before the first task ${verb(d.op)} that one at ${at(d)}${d.function !== a.function ? ` in ${d.function}` : ''}: ${p.owner} saw ${p.variable} half old, half new (${dashed(p.ops)}, 001 atomic set)`;
  }
  if (p.kind === 'triple') {
    return `${a.function} ${verb(a.op)} ${p.variable} at ${at(a)}; another task's ${b.function} ${verb(b.op)} it at ${at(b)} before the first task ${verb(c.op)} it again at ${at(c)}${c.function !== a.function ? ` in ${c.function}` : ''}: ${p.owner}'s accesses were split (${dashed(p.ops)}, Falcon)`;
  }
  // Owned by the second access's call: a late write (R-W) had begun before the read; a read (W-R)
  // or an overwrite (W-W) had accessed shared state before the write.
  const second = p.owner === b.function && p.owner !== a.function;
  const why = p.lateCallback ? `its ${p.lateCallback}, registered before that ${a.op === 'R' ? 'read' : 'write'}, ran after it, when nothing waited for it any more` : p.ops === 'RW' && second ? 'it had begun before that read' : p.ops === 'WW' || (p.ops === 'WR' && second) ? 'it accessed shared state before that write' : 'it accessed shared state again after that';
  // A dropped call: its caller had started it before the first access and ended before it did.
  const split = p.droppedCall ? `: ${p.owner} had started ${p.droppedCall}${p.droppedCall === b.function ? '' : ', which made that write,'} before the ${a.op === 'R' ? 'read' : 'write'} and ended before that call did: nothing waited for it` : p.split ? `, in the middle of a call of ${p.owner} (${why})` : '';
  return `${a.function} ${verb(a.op)} ${p.variable} at ${at(a)}, then another task's ${b.function} ${verb(b.op)} it at ${at(b)}${split} (${dashed(p.ops)} order, Unicorn)`;
}
