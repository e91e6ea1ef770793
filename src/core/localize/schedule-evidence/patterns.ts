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
import { eventText } from '../../trace/resource-keys.js';
import { readTraceFile, traceFiles } from '../../trace/read-trace.js';
import { TaskLabeler } from '../../trace/tasks.js';
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
  kind: 'triple' | 'pair';
  /** `RWW`, `WR`, … */
  ops: string;
  /** What was accessed, as the user reads it (`this.sessions`, `file:/tmp/x`). */
  variable: string;
  accesses: PatternAccess[];
  /** The function the pattern ranks (pairOf, tripleOf). */
  owner: string;
  /** An order pair whose owner's activation was suspended across the other task's access: the
   *  other task came in between the owner's access and the rest of its call. */
  split?: true;
}

interface Access {
  task: string;
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
  /** Whether activation `a` was running (entered, not yet returned) at event `seq`. */
  openAt: (a: number | null, seq: number) => boolean;
}

/** At most this many other tasks' accesses are remembered between two of one task's (per location). */
const WINDOW = 16;

/** The patterns of one run (all its processes), each once. */
export async function runPatterns(runDir: string): Promise<AccessPattern[]> {
  const found = new Map<string, AccessPattern>();
  for (const file of traceFiles(runDir)) for (const p of await processPatterns(file)) found.set(p.id, p);
  return [...found.values()];
}

async function processPatterns(file: string): Promise<AccessPattern[]> {
  const tasks = new TaskLabeler({ logical: true });
  const parents = new Map<number, number | null>();
  const activationFn = new Map<number, number>();
  const accesses: { event: FieldEvent; seq: number }[] = [];
  let seq = 0;
  const entered = new Map<number, number>();
  const exited = new Map<number, number>();
  const info = await readTraceFile(file, (event, declared) => {
    switch (event.e) {
      case 'ex':
      case 'exc':
        exited.set(event.a, seq++);
        break;
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
      case 'rd':
      case 'wr':
      case 'up':
        accesses.push({ event, seq: seq++ });
        break;
      default:
        break;
    }
  });
  const labels = tasks.labels();
  // A callback's run (runtime/callbacks.ts) is written in the function that registered it: it is
  // named for that function, as violation.ts's steps are.
  const fnOf = (a: number | null): string => {
    let fn = a === null ? undefined : info.functions.get(activationFn.get(a) ?? -1);
    for (let x = a; fn?.kind === 'callback' && x !== null; ) {
      x = parents.get(x) ?? null;
      if (x === null) break;
      fn = info.functions.get(activationFn.get(x) ?? -1);
    }
    return fn?.name ?? '(top level)';
  };
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
  const openAt = (a: number | null, at: number) => a !== null && (entered.get(a) ?? Infinity) < at && (exited.get(a) ?? Infinity) > at;
  const state: ProcessState = { fnOf, siteOf: (s) => info.sites.get(s), labels, parents, openAt };
  // An access no activation made (code the recorder saw run outside any call of the program's)
  // belongs to no known task: it can pair with nothing.
  return scan(accesses.filter(({ event }) => event.a !== null && !inConstructor(event.a)), state);
}

function scan(accesses: { event: FieldEvent; seq: number }[], state: ProcessState): AccessPattern[] {
  const found = new Map<string, AccessPattern>();
  /** Per location: the last access, and per task its last access and the others' since. */
  const last = new Map<string, Access>();
  const mine = new Map<string, Map<string, { own: Access; between: Access[] }>>();
  const add = (p: AccessPattern | undefined) => p && found.set(p.id, p);
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
        if (prev && prev.task !== task && counts(prev, access)) add(pairOf(prev, access, location, state));
        let perTask = mine.get(location);
        if (!perTask) mine.set(location, (perTask = new Map()));
        const window = perTask.get(task);
        if (window) for (const other of window.between) if (counts(window.own, other, access)) add(tripleOf(window.own, other, access, location, state));
        for (const [t, w] of perTask) {
          if (t === task || w.between.length >= WINDOW) continue;
          if (!w.between.some((b) => b.op === op && b.site === access.site && b.task === task)) w.between.push(access);
        }
        perTask.set(task, { own: access, between: [] });
        last.set(location, access);
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
  const key = rest.join(':').replace(/\[(?:string|number|boolean):.*\]$/, '');
  const site = state.siteOf(access.site);
  if (key === '[]') return site?.on ? `the elements of ${site.on}` : 'a collection\'s elements';
  if (key.startsWith('event:')) return eventText(key.slice('event:'.length));
  return key.startsWith('file:') || key.startsWith('dir:') || key.startsWith('port:') ? key : `\`${key}\``;
}

/** The pattern's code: kind, ops and the accesses' sites. Not the variable: a temporary path or a
 *  collection key differs from run to run while the code that raced is the same. */
const idOf = (kind: string, ops: string, accesses: PatternAccess[], split = false) =>
  `${kind} ${ops} ${accesses.map((a) => `${a.function}@${a.file}:${a.line}`).join(' ')}${split ? ' split' : ''}`;

/** Unicorn's order pair: p then c, two tasks. WR ranks the write the read should not have seen,
 *  RW the read that came before the write it needed (its check was split), WW the later write,
 *  which overwrote the other task's. */
function pairOf(p: Access, c: Access, location: string, state: ProcessState): AccessPattern | undefined {
  const ops = p.op + c.op;
  if (!ORDER_PAIRS.has(ops)) return undefined;
  const accesses = [codeOf(p, state), codeOf(c, state)];
  // The owner's call was under way, suspended, when the other task's access came (a check whose
  // act had not come yet; a write whose call had more to do; an overwrite by a call that began
  // before the write it overwrote). A W-R pair whose writer's call was over but whose reader's
  // call had begun before the write and waited across it (a listener added after an await, with
  // the emit in between) is the reader's: its region was the one split.
  let owner = ops === 'WW' ? accesses[1].function : accesses[0].function;
  let split = ops === 'WW' ? state.openAt(c.a, p.seq) : state.openAt(p.a, c.seq);
  if (ops === 'WR' && !split && state.openAt(c.a, p.seq)) {
    owner = accesses[1].function;
    split = true;
  }
  const variable = variableOf(location, c, state);
  return { id: idOf('pair', ops, accesses, split), kind: 'pair', ops, variable, accesses, owner, ...(split ? { split: true as const } : {}) };
}

/** Falcon's triple: a1 and a3 one task's consecutive accesses, a2 another task's between them.
 *  It ranks the function whose two accesses were split: the nearest activation both were made
 *  in (a check in a callee and the act in its caller belong to the caller's region). */
function tripleOf(a1: Access, a2: Access, a3: Access, location: string, state: ProcessState): AccessPattern | undefined {
  const ops = a1.op + a2.op + a3.op;
  if (!UNSERIALIZABLE.has(ops)) return undefined;
  const accesses = [codeOf(a1, state), codeOf(a2, state), codeOf(a3, state)];
  const common = commonActivation(a1.a, a3.a, state.parents);
  const owner = common === undefined ? accesses[2].function : state.fnOf(common);
  const variable = variableOf(location, a3, state);
  return { id: idOf('triple', ops, accesses), kind: 'triple', ops, variable, accesses, owner };
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
export function patternText(p: Pick<AccessPattern, 'kind' | 'ops' | 'variable' | 'accesses' | 'split' | 'owner'>): string {
  const [a, b, c] = p.accesses;
  if (p.kind === 'triple') {
    return `${a.function} ${verb(a.op)} ${p.variable} at ${at(a)}; another task's ${b.function} ${verb(b.op)} it at ${at(b)} before the first task ${verb(c.op)} it again at ${at(c)}${c.function !== a.function ? ` in ${c.function}` : ''}: ${p.owner}'s accesses were split (${dashed(p.ops)}, Falcon)`;
  }
  const split = p.split ? (p.ops === 'WW' ? `, while ${b.function}'s call, begun before that write, was suspended` : `, while ${a.function}'s call was suspended before it went on`) : '';
  return `${a.function} ${verb(a.op)} ${p.variable} at ${at(a)}, then another task's ${b.function} ${verb(b.op)} it at ${at(b)}${split} (${dashed(p.ops)} order, Unicorn)`;
}
