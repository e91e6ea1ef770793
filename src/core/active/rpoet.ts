// Reads one test process's trace into the events of ASSETFUZZER's phase I (hybrid-analysis.ts):
// tasks (DESIGN §2: a spawned async activation or a call from uninstrumented test code starts
// one), units of work (001 §3.1: the outermost activation, in the task, of a unit declared on the
// accessed object's atomic set — a public method of its class, or an atomic function), calling
// contexts (runtime/calling-context.ts, as phase II computes them) and scheduling points.
import { readTraceFile, traceFiles } from '../trace/read-trace.js';
import { contextHash, functionKey, ROOT_CONTEXT, siteKey } from '../runtime/calling-context.js';
import type { FunctionEvent, SiteEvent, TraceEvent, TraceValue } from '../runtime/trace-events.js';
import { fieldValue, valueText } from './violation.js';
import type { RpoetEvent } from './hybrid-analysis.js';

export interface UnitsOfWork {
  /** Class → its public methods' static names (`Account.copyFrom`): the units of work declared
   *  on its atomic sets (001's default). A class not listed: every method named `Class.…`. */
  classes?: Record<string, string[]>;
  /** Functions declared atomic (config `atomic`, `@atomic`): units of work too. */
  atomic?: string[];
}

interface Activation {
  parent: number | null;
  fn: number;
}

/** The RPOET events of one process's trace. */
export function rpoetEvents(events: readonly TraceEvent[], functions: Map<number, FunctionEvent>, sites: Map<number, SiteEvent>, units: UnitsOfWork = {}): RpoetEvent[] {
  const activations = new Map<number, Activation>();
  const spawned = new Set<number>();
  const objClass = new Map<number, string>();
  const noteClasses = (value: TraceValue) => {
    if (typeof value === 'object' && value !== null && '$' in value && value.$ === 'object') objClass.set(value.id, value.cls);
  };
  for (const event of events) {
    if (event.e === 'en') {
      activations.set(event.a, { parent: event.p, fn: event.f });
      for (const value of Object.values(event.v)) noteClasses(value);
    } else if (event.e === 'ex') {
      for (const value of Object.values(event.v)) noteClasses(value);
    } else if (event.e === 'spawn') spawned.add(event.a);
  }
  const rootOf = new Map<number, number>();
  const taskOf = (a: number): number => {
    const chain: number[] = [];
    let root: number;
    for (let x = a; ; ) {
      const known = rootOf.get(x);
      if (known !== undefined) {
        root = known;
        break;
      }
      chain.push(x);
      const act = activations.get(x);
      if (!act || act.parent === null || spawned.has(x)) {
        root = x;
        break;
      }
      x = act.parent;
    }
    for (const y of chain) rootOf.set(y, root);
    return root;
  };
  const ctxOf = new Map<number, string>();
  const contextOf = (a: number | null): string => {
    if (a === null) return ROOT_CONTEXT;
    const chain: number[] = [];
    for (let x: number | null = a; x !== null && !ctxOf.has(x); x = activations.get(x)?.parent ?? null) chain.push(x);
    for (let i = chain.length - 1; i >= 0; i--) {
      const act = activations.get(chain[i]);
      const fn = act ? functions.get(act.fn) : undefined;
      const parent = act?.parent ?? null;
      ctxOf.set(chain[i], contextHash(parent === null ? ROOT_CONTEXT : ctxOf.get(parent)!, fn ? functionKey(fn.name, fn.file, fn.line) : String(act?.fn)));
    }
    return ctxOf.get(a)!;
  };
  const nameOf = (a: number) => functions.get(activations.get(a)?.fn ?? -1)?.name ?? `activation ${a}`;
  const atomic = new Set(units.atomic ?? []);
  const isUnit = (name: string, cls: string | undefined): boolean => {
    if (atomic.has(name)) return true;
    if (!cls) return false;
    const declared = units.classes?.[cls];
    return declared ? declared.includes(name) : name.startsWith(`${cls}.`) && !/\.constructor$/.test(name);
  };
  /** 001 §3.1: an event belongs to the outermost unit of work around it (within its task); an
   *  access outside any belongs to its task's outermost activation. */
  const unitOf = (a: number, cls: string | undefined): { id: number; name: string } => {
    const root = taskOf(a);
    let unit: number | undefined;
    for (let x: number | null = a; x !== null; x = activations.get(x)?.parent ?? null) {
      if (isUnit(nameOf(x), cls)) unit = x;
      if (x === root) break;
    }
    const id = unit ?? root;
    return { id, name: nameOf(id) };
  };
  const siteText = (s: number) => {
    const site = sites.get(s);
    return site ? siteKey(site.file, site.line, site.col) : `site ${s}`;
  };
  /** A collection's owner: the object and field it was read from or written to (`this.cache`), so
   *  a cache's contents and its size field can be one atomic set (001: the set is the object's). */
  const collectionOwners = new Map<number, { obj: number; key: string }>();
  const out: RpoetEvent[] = [];
  const begun = new Set<number>();
  /** Requesters of the lock regions open now: a runExclusive callback the library calls after
   *  its requester returned runs with no activation (its accesses say `a: null`); the runtime
   *  attributes them to the requester (recorder `lockOwner`), and so does this. */
  const owners: number[] = [];
  for (const event of events) {
    switch (event.e) {
      case 'en': {
        const task = taskOf(event.a);
        if (task === event.a && !begun.has(task)) {
          begun.add(task);
          const spawner = event.p !== null ? taskOf(event.p) : undefined;
          out.push({ kind: 'begin', task, ...(spawner !== undefined ? { spawner } : {}) });
        }
        break;
      }
      case 'ex':
      case 'exc':
        if (taskOf(event.a) === event.a) out.push({ kind: 'end', task: event.a });
        break;
      case 'aw':
        out.push({ kind: 'suspend', task: taskOf(event.a) });
        break;
      case 'rs':
        out.push({ kind: 'gate', task: taskOf(event.a), site: siteText(event.s) });
        break;
      case 'lk':
        if (event.a === null) break;
        if (event.op === 'acquired') owners.push(event.a);
        else if (event.op === 'release') {
          const at = owners.lastIndexOf(event.a);
          if (at >= 0) owners.splice(at, 1);
        }
        if (event.op === 'request') out.push({ kind: 'gate', task: taskOf(event.a), site: siteText(event.s) });
        else out.push({ kind: event.op === 'acquired' ? 'acquire' : 'release', task: taskOf(event.a), lock: event.lock });
        break;
      case 'rd':
      case 'wr':
      case 'up': {
        const held = event.v;
        if (event.k !== '[]' && typeof held === 'object' && held !== null && '$' in held && (held.$ === 'object' || held.$ === 'array')) {
          collectionOwners.set(held.id, { obj: event.obj, key: event.k });
        }
        const a = event.a ?? owners[owners.length - 1];
        if (a === undefined) break;
        const site = sites.get(event.s);
        const owner = event.k === '[]' ? collectionOwners.get(event.obj) : undefined;
        const cls = event.obj === 0 ? undefined : objClass.get(event.obj);
        out.push({
          kind: 'access',
          task: taskOf(a),
          op: event.e === 'rd' ? 'r' : event.e === 'wr' ? 'w' : 'u',
          obj: event.obj,
          key: event.k,
          ...(cls ? { cls } : {}),
          ...(owner ? { owner: { ...owner, ...(objClass.has(owner.obj) ? { cls: objClass.get(owner.obj)! } : {}) } } : {}),
          site: siteText(event.s),
          file: site?.file ?? '',
          line: site?.line ?? 0,
          ctx: contextOf(a),
          fn: nameOf(a),
          unit: unitOf(a, cls),
          ...(fieldValue(event) !== undefined ? { value: valueText(fieldValue(event)!) } : {}),
        });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

const KEPT = new Set(['en', 'ex', 'exc', 'spawn', 'aw', 'rs', 'lk', 'rd', 'wr', 'up']);

/** The RPOET events of every process of a run folder. */
export async function readRpoets(runDir: string, units: UnitsOfWork = {}): Promise<RpoetEvent[][]> {
  const result: RpoetEvent[][] = [];
  for (const file of traceFiles(runDir)) {
    const events: TraceEvent[] = [];
    const info = await readTraceFile(file, (event) => {
      if (KEPT.has(event.e)) events.push(event);
    });
    result.push(rpoetEvents(events, info.functions, info.sites, units));
  }
  return result;
}
