// INTRUDER (Samak & Ramanathan, 000 §3): from the client invocations of a sequential seed run,
// variable-lock dependencies D (Alg. 1-2), PC-R pairs (Alg. 3), the feasibility scanner with
// dominant locks and setters (Alg. 4), and the pairs of invocations to run concurrently (Alg. 5,
// whose objects and code synthesize.ts builds).
//
// Carried to async TypeScript (DESIGN §2): a lock is an async-mutex (or configured lock class)
// object; a lock held in a field `o.lock` guards `o`, as a Java monitor on `o` would, so its symbol
// is `o`'s. The event-loop lock is held by every access and released at every await: p and c in
// one synchronous segment are consistently guarded by it, and no setter can break it.
import type { TraceValue } from '../runtime/trace-events.js';
import { isModuleRoot, moduleLabel, MODULE_ROOT } from './module-state.js';
import { objectId, type ClientInvocation, type SeedRun } from './seed-invocations.js';

export type AccessKind = 'R' | 'W';

/** A symbol (000 §3.1): a fresh name for an object reached from a client invocation's receiver or
 *  parameters, with the dereference that reached it. */
export interface SymbolInfo {
  /** `i0`, `i1`, … numbered across the seed run in order of first use (000 Table 1-3). */
  name: string;
  /** The root: `this`, a parameter's name, or `module:<file>` (module state, module-state.ts). */
  root: string;
  /** Fields from the root (`['f']` for `this.f`). */
  path: string[];
  /** The object's class (`type`, 000 §3.5). */
  type: string;
  invocation: string;
}

/** 000 §3.3: ⟨symbol, field, τ_p, τ, H_R, H_C⟩, plus where it happened. */
export interface VariableLockDependency {
  /** `d1`, `d2`, … in order of recording. */
  id: string;
  symbol: string;
  /** Fully qualified field (getField, 000 Alg. 3): the container's class and the field. */
  field: string;
  previous: AccessKind | null;
  current: AccessKind;
  /** H_R: held locks relevant to the symbol (their symbols). */
  held: string[];
  /** H_C: of those, the ones held since before the previous access. */
  consistent: string[];
  /** p and c ran in one synchronous segment: the event-loop lock was held over both. */
  sameSegment: boolean;
  invocation: string;
  fn: string;
  file: string;
  line: number;
}

/** One row of 000 Table 1: the state after an instruction of Alg. 1. */
export interface AccessAnalyzerStep {
  instruction: string;
  ai?: Record<string, Record<string, [AccessKind | null, number | null]>>;
  h?: [string, number][];
  delta?: number;
}

export interface AccessAnalysis {
  symbols: SymbolInfo[];
  dependencies: VariableLockDependency[];
  /** Alg. 1's steps per client invocation (000 Table 1), when asked for. */
  steps?: Record<string, AccessAnalyzerStep[]>;
}

/** A writable method (000 §3.1): invoked on an object of `type`, it stored a parameter into the
 *  receiver's `field` — the client can choose what `field` refers to. */
export interface WritableMethod {
  type: string;
  field: string;
  method: string;
  param: number;
  invocation: string;
}

/** Alg. 1 and 2 over every client invocation of the seed run. */
export function variableLockDependencies(seed: SeedRun, options: { steps?: boolean } = {}): AccessAnalysis {
  const symbols: SymbolInfo[] = [];
  const dependencies: VariableLockDependency[] = [];
  const steps: Record<string, AccessAnalyzerStep[]> = {};
  // Factory closures (issue 31): an object a factory function returned (`createCounter()` →
  // `{ inc() {…} }`) keeps its state in the factory's closure, reached from no field. An object
  // touched by more than one call, all of them on one such receiver, is that state: a location of
  // the receiver, as its fields would be.
  const madeByFactory = new Set(seed.invocations.filter((i) => i.kind !== 'constructor' && i.kind !== 'method' && i.kind !== 'object-method' && objectId(i.returned) !== undefined).map((i) => `${i.process}:${objectId(i.returned)}`));
  const touchedBy = new Map<string, ClientInvocation[]>();
  for (const inv of seed.invocations) {
    for (const ev of inv.events) {
      if (ev.e !== 'rd' && ev.e !== 'wr') continue;
      const key = `${inv.process}:${ev.obj}`;
      const list = touchedBy.get(key) ?? [];
      if (!list.includes(inv)) list.push(inv);
      touchedBy.set(key, list);
    }
  }
  const closureOf = (inv: ClientInvocation, id: number): boolean => {
    if (inv.receiver === undefined || !madeByFactory.has(`${inv.process}:${inv.receiver}`)) return false;
    const calls = touchedBy.get(`${inv.process}:${id}`) ?? [];
    return calls.length > 1 && calls.every((c) => c.receiver === inv.receiver);
  };
  for (const inv of seed.invocations) {
    if (inv.kind === 'constructor') continue; // the object is not the client's yet
    const cls = seed.classes[inv.process];
    // Roots: the receiver first (footnote 2), then the parameters; their reachable fields from
    // the entry values, then from what the invocation reads (alias sets, 000 §3.1).
    const paths = new Map<number, { root: string; path: string[] }>();
    if (inv.receiver !== undefined) paths.set(inv.receiver, { root: 'this', path: [] });
    for (const p of inv.params) {
      const id = objectId(p.value);
      if (id !== undefined && !paths.has(id)) paths.set(id, { root: p.name, path: [] });
    }
    for (const [name, value] of Object.entries(inv.entry)) {
      const id = objectId(value);
      if (id === undefined) continue;
      const [root, ...path] = name.split('.');
      if (!paths.has(id) && name.includes('.')) paths.set(id, { root, path });
      // The elements of an array the receiver holds (`this.appenders[0]`) are reached too.
      if (typeof value === 'object' && value !== null && value.$ === 'array') {
        value.el?.forEach((el, k) => {
          const eid = objectId(el);
          if (eid !== undefined && !paths.has(eid)) paths.set(eid, { root, path: [...path, String(k)] });
        });
      }
    }
    const symbolOf = new Map<number, SymbolInfo>();
    const symbol = (id: number): SymbolInfo | undefined => {
      const known = symbolOf.get(id);
      if (known) return known;
      let at = paths.get(id);
      // Module state is reached from no parameter, yet every call of the module shares it: a root
      // of its own, which the client controls by the calls it makes (000 §3.1's controllable).
      const module = at ? undefined : seed.moduleRoots?.[inv.process]?.get(id);
      if (module) paths.set(id, (at = { root: `${MODULE_ROOT}${module.file}`, path: module.name ? [module.name] : [] }));
      if (!at && closureOf(inv, id)) paths.set(id, (at = { root: 'this', path: [] }));
      if (!at) return undefined; // not controllable: allocated inside the library
      const s: SymbolInfo = { name: `i${symbols.length}`, root: at.root, path: at.path, type: cls.get(id) ?? 'Object', invocation: inv.id };
      symbols.push(s);
      symbolOf.set(id, s);
      return s;
    };
    /** A lock object kept in a field guards the field's owner (a Java monitor on it). */
    const lockOwner = new Map<number, number>();
    for (const ev of inv.events) {
      if (ev.e === 'rd' && objectId(ev.v) !== undefined && /lock|mutex|semaphore/i.test(`${ev.k} ${cls.get(objectId(ev.v)!) ?? ''}`)) lockOwner.set(objectId(ev.v)!, ev.obj);
    }
    for (const [id, at] of paths) {
      const last = at.path[at.path.length - 1];
      if (!last || !/lock|mutex|semaphore/i.test(`${last} ${cls.get(id) ?? ''}`)) continue;
      const ownerPath = at.path.slice(0, -1).join('.');
      for (const [oid, o] of paths) if (o.root === at.root && o.path.join('.') === ownerPath && !lockOwner.has(id)) lockOwner.set(id, oid);
    }
    const lockSymbol = (lock: number): SymbolInfo | undefined => symbol(lockOwner.get(lock) ?? lock);

    // Alg. 1
    const H: { lock: number; symbol: string; at: number }[] = [];
    let delta = 0;
    let segment = 0;
    const AI = new Map<string, Map<string, { kind: AccessKind; at: number; segment: number }>>();
    const trace: AccessAnalyzerStep[] = [];
    const snapshot = (instruction: string, what: 'ai' | 'h') => {
      if (!options.steps) return;
      if (what === 'h') trace.push({ instruction, h: H.map((h) => [h.symbol, h.at]), delta });
      else {
        const ai: Record<string, Record<string, [AccessKind | null, number | null]>> = {};
        for (const [s, fields] of AI) ai[s] = Object.fromEntries([...fields].map(([f, v]) => [f, [v.kind, v.at]]));
        trace.push({ instruction, ai });
      }
    };
    for (const ev of inv.events) {
      if (ev.e === 'await') segment++;
      else if (ev.e === 'resume') segment++;
      else if (ev.e === 'acquire') {
        delta++;
        const s = lockSymbol(ev.lock);
        H.push({ lock: ev.lock, symbol: s?.name ?? `L${ev.lock}`, at: delta });
        snapshot(`lock (${s?.name ?? `L${ev.lock}`})`, 'h');
      } else if (ev.e === 'release') {
        delta++;
        const at = H.findIndex((h) => h.lock === ev.lock);
        if (at >= 0) H.splice(at, 1);
        snapshot(`unlock (${lockSymbol(ev.lock)?.name ?? `L${ev.lock}`})`, 'h');
      } else {
        const container = symbol(ev.obj);
        const read = objectId(ev.v);
        // x := this.f makes x an alias of the symbol for this.f (000 §3.1)
        if (container && ev.e === 'rd' && read !== undefined && !paths.has(read)) paths.set(read, { root: container.root, path: [...container.path, ev.k] });
        if (!container) continue; // controllable(var) fails
        if (/lock|mutex|semaphore/i.test(ev.k) && read !== undefined && lockOwner.has(read)) continue; // reading the lock field is the synchronization
        // Alg. 2 recordAccess
        const kind: AccessKind = ev.e === 'rd' ? 'R' : 'W';
        const fields = AI.get(container.name) ?? new Map();
        AI.set(container.name, fields);
        const prev = fields.get(ev.k);
        const relevant = relevantLocks(container, symbols);
        // A lock reached from no root (a module's `const mutex`) guards module state as a
        // module-level monitor would.
        const HR = H.filter((h) => relevant.has(h.symbol) || (isModuleRoot(container.root) && h.symbol.startsWith('L')));
        const HC = HR.filter((h) => !prev || h.at <= prev.at);
        dependencies.push({
          id: `d${dependencies.length + 1}`,
          symbol: container.name,
          field: `${qualifiedType(container, symbols, inv.id)}.${ev.k}`,
          previous: prev?.kind ?? null,
          current: kind,
          held: unique(HR.map((h) => h.symbol)),
          consistent: unique(HC.map((h) => h.symbol)),
          sameSegment: prev !== undefined && prev.segment === segment,
          invocation: inv.id,
          fn: inv.fn,
          file: ev.file,
          line: ev.line,
        });
        fields.set(ev.k, { kind, at: delta, segment });
        snapshot(`${kind === 'R' ? 'read' : 'write'} (${container.name}, ${ev.k})`, 'ai');
      }
    }
    if (options.steps) steps[inv.id] = trace;
  }
  return { symbols, dependencies, ...(options.steps ? { steps } : {}) };
}

/** `root.f[0].g`: a dereference as code (numeric steps are array elements). */
export function dereference(root: string, path: string[]): string {
  return root + path.map((f) => (/^\d+$/.test(f) ? `[${f}]` : `.${f}`)).join('');
}

/** RL (000 §3.1): the symbols of every prefix o, o.f1, …, o.f1…fn of the symbol's dereference. */
function relevantLocks(s: SymbolInfo, symbols: SymbolInfo[]): Set<string> {
  const out = new Set<string>();
  for (const t of symbols) {
    if (t.invocation === s.invocation && t.root === s.root && t.path.length <= s.path.length && t.path.every((f, i) => s.path[i] === f)) out.add(t.name);
  }
  // Locks that are not a prefix (a module-level mutex, a lock passed in) still guard everything.
  return out;
}

/** The container's class; a plain Array, Map, Set or object is named by where it hangs
 *  (`Queue.items`), since every array is an `Array`. */
function qualifiedType(s: SymbolInfo, symbols: SymbolInfo[], invocation: string): string {
  // Module state is named by its module and binding (`inventory.stock`, `client` of `client.ts`
  // is `client.client`), as a class's plain containers are by their class and field.
  if (isModuleRoot(s.root) && (s.path.length === 0 || ['Array', 'Map', 'Set', 'Object'].includes(s.type))) return dereference(moduleLabel(s.root), s.path);
  if (!['Array', 'Map', 'Set', 'Object'].includes(s.type) || s.path.length === 0) return s.type;
  const parent = symbols.find((t) => t.invocation === invocation && t.root === s.root && t.path.length === s.path.length - 1 && t.path.every((f, i) => s.path[i] === f));
  return parent ? `${qualifiedType(parent, symbols, invocation)}.${s.path[s.path.length - 1]}` : `${s.type}.${s.path[s.path.length - 1]}`;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}

/** 000 Alg. 3 (Fig. 6): ordered pairs (a, b) on the same field where p/c of a with the remote r of
 *  b can interleave badly: c=R, r=W, p≠⊥; c=W, p=R, r=W; c=W, p=W, r=R. */
export function pcrPairs(D: VariableLockDependency[]): [VariableLockDependency, VariableLockDependency][] {
  const T: [VariableLockDependency, VariableLockDependency][] = [];
  for (const a of D) {
    for (const b of D) {
      if (a.field !== b.field) continue;
      const p = a.previous;
      const c = a.current;
      const r = b.current;
      if (c === 'R' && r === 'W') {
        if (p !== null) T.push([a, b]);
      } else if (c === 'W') {
        if (p === 'R' && r === 'W') T.push([a, b]);
        else if (p === 'W' && r === 'R') T.push([a, b]);
      }
    }
  }
  return T;
}

export interface FeasiblePair {
  a: VariableLockDependency;
  b: VariableLockDependency;
  /** ⟨i, j⟩ of 000 Table 4. */
  i: string;
  j: string;
  /** The dominant lock over both accesses (its symbol), or null (⊥). */
  dom: string | null;
  feasible: boolean;
  /** The guard's class (`A.this`) when a dominant lock exists. */
  guard?: string;
  /** σ: the writable method that breaks the dominant lock. */
  setter?: WritableMethod;
  /** Why, in words. */
  reason: string;
}

/** Writable methods seen in the seed run: a client invocation that stored one of its parameters
 *  (an object) into a field of its receiver. */
export function writableMethods(seed: SeedRun): WritableMethod[] {
  const out: WritableMethod[] = [];
  for (const inv of seed.invocations) {
    if (inv.receiver === undefined || inv.kind === 'constructor' || inv.threw) continue;
    for (const ev of inv.events) {
      if (ev.e !== 'wr' || ev.obj !== inv.receiver) continue;
      const stored = objectId(ev.v);
      const param = inv.params.findIndex((p) => stored !== undefined && objectId(p.value) === stored);
      if (param < 0) continue;
      const type = inv.receiverClass ?? 'Object';
      if (!out.some((w) => w.type === type && w.field === ev.k)) out.push({ type, field: ev.k, method: inv.fn.split('.').pop()!, param, invocation: inv.id });
    }
  }
  return out;
}

/** 000 Alg. 4: keeps the pairs whose remote access can interleave between p and c. */
export function feasibilityScan(T: [VariableLockDependency, VariableLockDependency][], analysis: AccessAnalysis, setters: WritableMethod[]): FeasiblePair[] {
  const byName = new Map(analysis.symbols.map((s) => [s.name, s]));
  const path = (alpha: SymbolInfo | undefined, x: SymbolInfo): string | undefined => {
    if (!alpha || alpha.root !== x.root || alpha.path.length > x.path.length || !alpha.path.every((f, k) => x.path[k] === f)) return undefined;
    return x.path.slice(alpha.path.length).join('.');
  };
  const out: FeasiblePair[] = [];
  for (const [a, b] of T) {
    const i = byName.get(a.symbol)!;
    const j = byName.get(b.symbol)!;
    const base = { a, b, i: i.name, j: j.name };
    let dom: SymbolInfo | undefined;
    for (const alphaName of a.consistent) {
      for (const betaName of b.held) {
        const alpha = byName.get(alphaName);
        const beta = byName.get(betaName);
        if (!alpha || !beta) {
          // A lock not reached from the roots (module-level): the same lock object guards both.
          if (alphaName === betaName) dom = dom ?? { name: alphaName, root: '', path: [], type: 'lock', invocation: '' };
          continue;
        }
        const pa = path(alpha, i);
        if (pa !== undefined && pa === path(beta, j) && alpha.type === beta.type) {
          if (!dom || alpha.path.length > dom.path.length) dom = alpha; // dominant(α, dom)
        }
      }
    }
    if (!dom && a.sameSegment) {
      // The event-loop lock: p and c run without an await between them; nothing interleaves.
      out.push({ ...base, dom: null, feasible: false, guard: 'event loop', reason: `${a.fn} accesses ${a.field} twice in one synchronous step (no await between them)` });
      continue;
    }
    if (!dom) {
      out.push({ ...base, dom: null, feasible: true, reason: `no lock is held by ${a.fn} over both accesses of ${a.field} that ${b.fn} also holds` });
      continue;
    }
    const guard = `${dom.type}.this`;
    if (dom.name === i.name || !dom.root || isModuleRoot(dom.root)) {
      out.push({ ...base, dom: dom.name, feasible: false, guard, reason: `the lock of ${dom.root && !isModuleRoot(dom.root) ? 'the object holding the field' : 'a shared lock'} (${guard}) guards both` });
      continue;
    }
    // setter(dom, i): a writable method on dom's type that sets the first field on the way to i.
    const first = i.path[dom.path.length];
    const setter = setters.find((s) => s.type === dom!.type && s.field === first);
    if (setter) out.push({ ...base, dom: dom.name, feasible: true, guard, setter, reason: `${guard} guards both, but ${setter.method} sets ${dom.type}.${first}: two ${dom.type} objects can share one ${i.type}` });
    else out.push({ ...base, dom: dom.name, feasible: false, guard, reason: `${guard} guards both and nothing but the constructor sets ${dom.type}.${first}` });
  }
  return out;
}

/** D without its redundant tuples (000 §4: accesses repeated by loops and by calls of the same
 *  function): one per function, field, access kinds, lock paths and source line. */
export function distinct(analysis: AccessAnalysis, depth: (invocation: string) => number = () => 0): VariableLockDependency[] {
  const byName = new Map(analysis.symbols.map((s) => [s.name, s]));
  const rel = (names: string[]) => names.map((n) => { const s = byName.get(n); return s ? `${s.root}.${s.path.join('.')}` : n; }).sort().join(',');
  // The representative of each kind is the one from the invocation that ran deepest (its seed
  // state is where the function does the most work), first among equals.
  const kept = new Map<string, VariableLockDependency>();
  for (const d of analysis.dependencies) {
    const s = byName.get(d.symbol);
    const key = [d.fn, d.field, s?.root, s?.path.join('.'), d.previous, d.current, rel(d.held), rel(d.consistent), d.sameSegment, d.file, d.line].join('|');
    const have = kept.get(key);
    if (!have || depth(d.invocation) > depth(have.invocation)) kept.set(key, d);
  }
  const keep = new Set(kept.values());
  return analysis.dependencies.filter((d) => keep.has(d));
}

/** The whole of 000 §3.3-3.5 on a seed run. */
export function intruder(seed: SeedRun): { analysis: AccessAnalysis; pairs: [VariableLockDependency, VariableLockDependency][]; scanned: FeasiblePair[]; setters: WritableMethod[] } {
  const analysis = variableLockDependencies(seed);
  const events = new Map(seed.invocations.map((i) => [i.id, i.events.length]));
  const pairs = pcrPairs(distinct(analysis, (id) => events.get(id) ?? 0));
  const setters = writableMethods(seed);
  return { analysis, pairs, scanned: feasibilityScan(pairs, analysis, setters), setters };
}

export function invocationOf(seed: SeedRun, id: string): ClientInvocation {
  const inv = seed.invocations.find((x) => x.id === id);
  if (!inv) throw new Error(`no client invocation ${id}`);
  return inv;
}

export type { TraceValue };
