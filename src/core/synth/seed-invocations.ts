// The sequential seed suite as INTRUDER (000 §3.2-3.3) and He et al. (002 §3.2) need it: every
// *client invocation* — a call of an instrumented function made by test code (its activation has
// no instrumented parent) — with its receiver, its recorded arguments, its result, and the field,
// lock and await events of everything it ran, in order. The events of library code the client
// invocation called belong to it (000 §3.2: "the boundary between the client and the library").
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { readTraceFile, traceFiles } from '../trace/read-trace.js';
import type { FunctionEvent, SiteEvent, TraceEvent, TraceValue, TraceVars } from '../runtime/trace-events.js';
import { ModuleState, type ModuleRoot } from './module-state.js';

/** An event inside a client invocation, as Alg. 1 reads it. `obj`/`lock` are object ids of the
 *  invocation's process. `line`: the source line of the access. */
export type InvocationEvent =
  | { e: 'rd' | 'wr'; obj: number; k: string; v?: TraceValue; line: number; file: string; ek?: string | number }
  | { e: 'acquire'; lock: number; line: number }
  | { e: 'release'; lock: number; line: number }
  | { e: 'await' }
  | { e: 'resume' };

export interface SeedParam {
  name: string;
  value: TraceValue;
}

export interface ClientInvocation {
  /** `<process>:<activation>`, unique in the seed run. */
  id: string;
  /** Index of the test process (trace file) in the run. */
  process: number;
  /** The test file of that process, relative to the project (header argv). */
  testFile?: string;
  /** Call order in its process (004 IV-D), from 1. */
  order: number;
  /** `Class.method`, `Class.constructor` or a module function's name. */
  fn: string;
  file: string;
  kind: string;
  async: boolean;
  receiver?: number;
  receiverClass?: string;
  params: SeedParam[];
  /** The constructed object (constructors). */
  created?: number;
  returned?: TraceValue;
  threw?: string;
  /** `this.f`, `p.f` … at entry: object ids reached from the receiver and parameters. */
  entry: TraceVars;
  events: InvocationEvent[];
  /** The object ids this invocation wrote a field of (it "grows" them, 002 §3.2). */
  wrote: number[];
}

export interface SeedRun {
  root: string;
  invocations: ClientInvocation[];
  /** Class of each object id seen, per process. */
  classes: Map<number, string>[];
  /** The file declaring each class with an instrumented member. */
  classFiles: Map<string, string>;
  /** Per process, the objects that are module state (module-state.ts): a module's scope object
   *  or the value of one of its top-level bindings. */
  moduleRoots: Map<number, ModuleRoot>[];
}

export function objectId(value: TraceValue | undefined): number | undefined {
  if (value && typeof value === 'object' && (value.$ === 'object' || value.$ === 'array')) return value.id;
  return undefined;
}

/** Reads every trace file of a traced unit run into client invocations (streamed). */
export async function readSeedRun(runDir: string, root: string): Promise<SeedRun> {
  const invocations: ClientInvocation[] = [];
  const classes: Map<number, string>[] = [];
  const classFiles = new Map<string, string>();
  const moduleRoots: Map<number, ModuleRoot>[] = [];
  const moduleState = new ModuleState(root);
  const files = traceFiles(runDir);
  for (const [process, file] of files.entries()) {
    const fns = new Map<number, FunctionEvent>();
    const sites = new Map<number, SiteEvent>();
    const cls = new Map<number, string>();
    classes.push(cls);
    const modules = new Map<number, ModuleRoot>();
    moduleRoots.push(modules);
    /** Each activation's own names (its parameters): they shadow the module's bindings. */
    const locals = new Map<number, Set<string>>();
    /** Activation → its client invocation. */
    const rootOf = new Map<number, ClientInvocation>();
    const open: ClientInvocation[] = [];
    let testFile: string | undefined;
    const noteClasses = (vars: TraceVars | undefined) => {
      for (const value of Object.values(vars ?? {})) noteClass(cls, value);
    };
    const owner = (a: number | null): ClientInvocation | undefined => (a === null ? open[open.length - 1] : rootOf.get(a) ?? open[open.length - 1]);
    await readTraceFile(file, (event: TraceEvent) => {
      switch (event.e) {
        case 'header': {
          const script = event.argv.find((a) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(a)) ?? event.argv[0];
          if (script) testFile = toPosix(relative(root, isAbsolute(script) ? script : resolve(event.cwd, script)));
          break;
        }
        case 'fn':
          fns.set(event.i, event);
          if (event.name.includes('.') && !classFiles.has(event.name.split('.')[0])) classFiles.set(event.name.split('.')[0], event.file);
          break;
        case 'site': sites.set(event.i, event); break;
        case 'en': {
          noteClasses(event.v);
          locals.set(event.a, new Set(Object.keys(event.v).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n))));
          const parent = event.p === null ? undefined : rootOf.get(event.p);
          if (parent) {
            rootOf.set(event.a, parent);
            break;
          }
          const fn = fns.get(event.f);
          if (!fn) break;
          const params: SeedParam[] = [];
          for (const [name, value] of Object.entries(event.v)) {
            if (name === 'this' || name.includes('.') || name.includes('[')) continue;
            params.push({ name, value });
          }
          const inv: ClientInvocation = {
            id: `${process}:${event.a}`,
            process,
            ...(testFile ? { testFile } : {}),
            order: event.o,
            fn: fn.name,
            file: fn.file,
            kind: fn.kind,
            async: fn.async,
            params,
            entry: event.v,
            events: [],
            wrote: [],
          };
          const self = objectId(event.v.this);
          if (self !== undefined) {
            inv.receiver = self;
            inv.receiverClass = cls.get(self);
          }
          rootOf.set(event.a, inv);
          open.push(inv);
          invocations.push(inv);
          break;
        }
        case 'ex':
        case 'exc': {
          noteClasses(event.v);
          const inv = rootOf.get(event.a);
          rootOf.delete(event.a);
          if (!inv || inv.id !== `${process}:${event.a}`) break;
          if (event.e === 'ex') {
            inv.returned = event.v.return;
            if (inv.kind === 'constructor') {
              inv.created = objectId(event.v.this);
              inv.receiver = undefined;
            }
          } else {
            const err = event.err as { $?: string; name?: string; message?: string };
            inv.threw = err && err.$ === 'error' ? `${err.name}: ${err.message}` : 'thrown value';
          }
          // Writing into an object the receiver or a parameter holds (`this.items.push(x)`) grows
          // that root too.
          for (const [name, value] of Object.entries(inv.entry)) {
            const id = objectId(value);
            if (id === undefined || !name.includes('.') || !inv.wrote.includes(id)) continue;
            const root = name.split('.')[0];
            const rootId = root === 'this' ? inv.receiver : objectId(inv.params.find((p) => p.name === root)?.value);
            if (rootId !== undefined && !inv.wrote.includes(rootId)) inv.wrote.push(rootId);
          }
          const at = open.lastIndexOf(inv);
          if (at >= 0) open.splice(at, 1);
          break;
        }
        case 'rd':
        case 'wr':
        case 'up': {
          if (event.obj === 0) break; // resources: no object to share (see docs/user-guide.md, "From sequential tests")
          noteClass(cls, event.v);
          const inv = owner(event.a);
          const site = sites.get(event.s);
          if (!inv || !site) break;
          if (!modules.has(event.obj)) {
            const module = moduleState.rootOf(site, event.k, (event.a === null ? undefined : locals.get(event.a)) ?? new Set());
            if (module) modules.set(event.obj, module);
          }
          const at = { obj: event.obj, k: event.k, line: site.line, file: site.file, ...(event.ek !== undefined ? { ek: event.ek } : {}) };
          // A read-modify-write is a read then a write (`this.size++`, 000 Table 3 d8/d9).
          if (event.e !== 'wr') inv.events.push({ e: 'rd', ...at, ...(event.e === 'rd' && event.v !== undefined ? { v: event.v } : {}) });
          if (event.e !== 'rd') {
            inv.events.push({ e: 'wr', ...at, ...(event.v !== undefined ? { v: event.v } : {}) });
            if (!inv.wrote.includes(event.obj)) inv.wrote.push(event.obj);
          }
          break;
        }
        case 'lk': {
          if (event.op === 'request') break;
          const inv = owner(event.a);
          if (inv) inv.events.push({ e: event.op === 'acquired' ? 'acquire' : 'release', lock: event.lock, line: sites.get(event.s)?.line ?? 0 } as InvocationEvent);
          break;
        }
        case 'aw':
        case 'rs': {
          const inv = rootOf.get(event.a);
          if (inv) inv.events.push(event.e === 'aw' ? { e: 'await' } : { e: 'resume' });
          break;
        }
        default:
          break;
      }
    });
    for (const inv of invocations) if (inv.process === process && inv.receiver !== undefined && !inv.receiverClass) inv.receiverClass = cls.get(inv.receiver);
  }
  return { root, invocations, classes, classFiles, moduleRoots };
}

function noteClass(cls: Map<number, string>, value: TraceValue | undefined): void {
  if (!value || typeof value !== 'object') return;
  if (value.$ === 'object') cls.set(value.id, value.cls);
  else if (value.$ === 'array') {
    cls.set(value.id, 'Array');
    for (const el of value.el ?? []) noteClass(cls, el);
  }
}

function toPosix(path: string): string {
  return path.split('\\').join('/');
}

/** The name of the seed test (its `test('…')` / `it('…')` title) in `testFile` that calls
 *  `method`, for the comment of a synthesized test; the file name when none is found. */
export function seedTestTitle(root: string, testFile: string | undefined, method: string, receiverClass?: string, code: string[] = []): string {
  if (!testFile) return '(unit suite)';
  let text: string;
  try {
    text = readFileSync(resolve(root, testFile), 'utf8');
  } catch {
    return testFile;
  }
  const name = method.split('.').pop()!;
  const opener = /\b(?:test|it)\s*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g;
  const starts = [...text.matchAll(opener)].map((m) => ({ at: m.index ?? 0, title: m[2] }));
  const call = new RegExp(name === 'constructor' ? `new\\s+${method.split('.')[0]}\\b` : `[.\\s(]${name}\\s*\\(`);
  // The test that calls the method, preferring one that also names the receiver's class.
  let best: { title: string; score: number } | undefined;
  for (const [i, s] of starts.entries()) {
    const body = text.slice(s.at, starts[i + 1]?.at ?? text.length);
    if (!call.test(body)) continue;
    // …and the calls the synthesized setup replays (`push(1)`): the seed that built the object.
    const calls = code.flatMap((c) => [...c.matchAll(/\.(\w+)\(([^()]*)\)/g)].map((m) => [m[1], m[2]] as const));
    const compact = body.replace(/\s+/g, '');
    let score = receiverClass && new RegExp(`\\b${receiverClass}\\b`).test(body) ? 1 : 0;
    for (const [fn, args] of calls) {
      if (new RegExp(`[.\\s]${fn}\\s*\\(`).test(body)) score += 2;
      if (compact.includes(`${fn}(${args.replace(/\s+/g, '')})`)) score += 3;
    }
    if (!best || score > best.score) best = { title: s.title, score };
  }
  return best ? `${testFile} › "${best.title}"` : testFile;
}
