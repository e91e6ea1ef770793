// External resources as shared state (DESIGN §2 "shared memory access": most real Node races are
// on files and ports). With field recording on, the entry points of node:fs (callback and sync),
// node:fs/promises (and its FileHandles), net and http(s) record each call as an ordinary
// `rd` / `wr` FieldEvent on object 0, "the outside world" (value-capture.ts never hands out id 0),
// keyed `file:<abs path>`, `dir:<abs path>` (a directory's listing) or `port:<n>`. Recorded
// synchronously before the call is delegated, so no tick is added and the call's results, errors
// and timing stay the original's (DESIGN §6). The site is the innermost frame of the project's
// code on the stack, mapped back to the user's source through its inline source map.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import Module from 'node:module';
import net from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { types } from 'node:util';
import { peekProperty } from './value-capture.js';
import type { TraceValue } from './trace-events.js';

/** What the recorder offers (recorder.ts): declaring a site, recording an access. */
export interface ResourceSink {
  declareSite(file: string, line: number, col: number, kind: 'read' | 'write' | 'callback', name: string): number;
  resource(kind: 'rd' | 'wr', key: string, site: number, v?: TraceValue): void;
  /** The marked call being made (recorder `cs`): its site and last argument. */
  callMark: number | undefined;
  callValue: unknown;
}

/** Where a frame's file stands: `rel` its project-relative name; `instrumented`: in `include`. */
export interface FileClass {
  rel: string;
  instrumented: boolean;
}

type Access = [kind: 'rd' | 'wr', key: string, v?: TraceValue];
/** The accesses one call makes, from its arguments (undefined: none we can name). */
type Plan = (args: unknown[], self: unknown) => Access[] | undefined;

const PROMISE_THEN = Promise.prototype.then;
const typedArrayLength = Object.getOwnPropertyDescriptor(Reflect.getPrototypeOf(Uint8Array.prototype) as object, 'byteLength')!.get!;
const noop = () => {};

/** Open fds / FileHandles of the fs entry points seen open, to name fd-based calls' files. */
const fdPaths = new Map<number, string>();
const handlePaths = new WeakMap<object, string>();

function pathOf(p: unknown): string | undefined {
  if (typeof p === 'string') return resolve(p);
  if (typeof p === 'number') return fdPaths.get(p);
  // Only real Buffers and URLs: anything else could run user code (toString, Proxy traps).
  if (p === null || typeof p !== 'object' || types.isProxy(p)) return undefined;
  if (Buffer.isBuffer(p)) return resolve(p.toString());
  if (p instanceof URL && p.protocol === 'file:') {
    try {
      return fileURLToPath(p);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const fileKey = (path: string) => `file:${path}`;
const dirKey = (path: string) => `dir:${path}`;

/** The byte length of data about to be written, when it is a string or a typed array. */
function lengthOf(data: unknown): TraceValue | undefined {
  if (typeof data === 'string') return Buffer.byteLength(data);
  return types.isTypedArray(data) && !types.isProxy(data) ? (typedArrayLength.call(data) as number) : undefined;
}

const reads = (at = 0): Plan => (args) => {
  const path = pathOf(args[at]);
  return path === undefined ? undefined : [['rd', fileKey(path)]];
};
const listing: Plan = (args) => {
  const path = pathOf(args[0]);
  return path === undefined ? undefined : [['rd', dirKey(path)]];
};
const writes = (data?: number): Plan => (args) => {
  const path = pathOf(args[0]);
  return path === undefined ? undefined : [['wr', fileKey(path), data === undefined ? undefined : lengthOf(args[data])]];
};
/** An entry is (or may be) created or removed: its parent's listing changes too. */
const entry = (at = 0, data?: number): Plan => (args) => {
  const path = typeof args[at] === 'number' ? undefined : pathOf(args[at]);
  if (path === undefined) return typeof args[at] === 'number' ? writes(data)(args, undefined) : undefined;
  return [['wr', fileKey(path), data === undefined ? undefined : lengthOf(args[data])], ['wr', dirKey(dirname(path))]];
};
const rename: Plan = (args) => {
  const from = pathOf(args[0]);
  const to = pathOf(args[1]);
  if (from === undefined || to === undefined) return undefined;
  const out: Access[] = [['wr', fileKey(from)], ['wr', dirKey(dirname(from))], ['wr', fileKey(to)]];
  if (dirname(to) !== dirname(from)) out.push(['wr', dirKey(dirname(to))]);
  return out;
};
const copy: Plan = (args) => {
  const from = pathOf(args[0]);
  const to = pathOf(args[1]);
  return from === undefined || to === undefined ? undefined : [['rd', fileKey(from)], ['wr', fileKey(to)], ['wr', dirKey(dirname(to))]];
};
const tempDir: Plan = (args) => {
  const prefix = pathOf(args[0]);
  return prefix === undefined ? undefined : [['wr', dirKey(dirname(prefix))]];
};

const O_WRITE = fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_APPEND | fs.constants.O_TRUNC;
/** open(path, flags): a read, a write, or (creating flags) a write of the parent's listing too. */
function openFlags(flags: unknown): 'read' | 'write' | 'create' {
  if (typeof flags === 'number') return flags & fs.constants.O_CREAT ? 'create' : flags & O_WRITE ? 'write' : 'read';
  if (typeof flags !== 'string') return 'read';
  return /[wax]/.test(flags) ? 'create' : flags.includes('+') ? 'write' : 'read';
}
const open = (flagsAt: number | 'options'): Plan => (args) => {
  const path = pathOf(args[0]);
  if (path === undefined) return undefined;
  const options = args[1];
  const flags = flagsAt === 'options'
    ? typeof options === 'string' ? 'r' : options !== null && typeof options === 'object' ? (peekProperty(options, 'flags') ?? 'r') : 'r'
    : args[flagsAt];
  const mode = openFlags(flags);
  if (mode === 'read') return [['rd', fileKey(path)]];
  return mode === 'write' ? [['wr', fileKey(path)]] : [['wr', fileKey(path)], ['wr', dirKey(dirname(path))]];
};
const writeStream: Plan = (args) => {
  const options = args[1];
  const flags = options !== null && typeof options === 'object' ? peekProperty(options, 'flags') : undefined;
  return open(1)([args[0], flags ?? 'w'], undefined);
};
/** fd-based calls: the file the fd was opened on, when seen. */
const fd = (kind: 'rd' | 'wr', data?: number): Plan => (args) => {
  const path = typeof args[0] === 'number' ? fdPaths.get(args[0]) : undefined;
  return path === undefined ? undefined : [[kind, fileKey(path), data === undefined ? undefined : lengthOf(args[data])]];
};

// Callback and sync forms share a plan; `fs.promises` has the callback names.
const FS_PLANS: Record<string, Plan> = {
  access: reads(), exists: reads(), stat: reads(), lstat: reads(), readFile: reads(), readlink: reads(), realpath: reads(),
  readdir: listing, opendir: listing,
  truncate: writes(), utimes: writes(), lutimes: writes(), chmod: writes(), lchmod: writes(), chown: writes(), lchown: writes(),
  writeFile: entry(0, 1), appendFile: entry(0, 1), mkdir: entry(), unlink: entry(), rmdir: entry(), rm: entry(),
  symlink: entry(1), link: entry(1), mkdtemp: tempDir,
  rename, copyFile: copy, cp: copy,
  open: open(1),
  read: fd('rd'), fstat: fd('rd'), write: fd('wr', 1), ftruncate: fd('wr'),
};
const STREAM_PLANS: Record<string, Plan> = { createReadStream: open('options'), createWriteStream: writeStream };
const HANDLE_READS = ['read', 'readv', 'readFile', 'readLines', 'stat'];
const HANDLE_WRITES = ['write', 'writev', 'writeFile', 'appendFile', 'truncate', 'utimes', 'chmod', 'chown'];

function portOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && /^\d+$/.test(value)) return portOf(Number(value));
  return undefined;
}
/** A port given as the first argument or as an options object's `port` (never a getter). */
const portArg = (kind: 'rd' | 'wr'): Plan => (args) => {
  const first = args[0];
  const port = first !== null && typeof first === 'object' && !types.isProxy(first) ? portOf(peekProperty(first, 'port')) : portOf(first);
  return port === undefined ? undefined : [[kind, `port:${port}`]];
};
/** http(s).request / get: a URL (string or object) and/or options; the protocol's port by default. */
const requestTo = (defaultPort: number): Plan => (args) => {
  let port: number | undefined;
  for (const arg of args.slice(0, 2)) {
    if (arg !== null && typeof arg === 'object' && types.isProxy(arg)) return undefined; // instanceof ran its traps
    if (typeof arg === 'string' || arg instanceof URL) {
      try {
        const url = new URL(String(arg));
        port = portOf(url.port) ?? (url.protocol === 'https:' ? 443 : url.protocol === 'http:' ? 80 : undefined);
      } catch {
        return undefined;
      }
    } else if (arg !== null && typeof arg === 'object') {
      port = portOf(peekProperty(arg, 'port')) ?? port ?? portOf(peekProperty(arg, 'defaultPort')) ?? defaultPort;
    }
  }
  return port === undefined ? undefined : [['rd', `port:${port}`]];
};

/** Where a call in the program comes from, as a site of the trace. */
export interface ProjectSites {
  /** The call's site in the user's source: the innermost instrumented frame, else the innermost
   *  frame of the project's other code (tests); undefined when Node itself or Concurrency Lens
   *  made the call, or no project code is on the stack (libraries on their own). */
  siteOf(wrapper: Function, name: string, kind: 'read' | 'write'): number | undefined;
  /** A callback registration's site: the project's frame that called the API directly (Node's own
   *  frames and ours skipped — http.createServer adds its handler through Node's code — unless
   *  `direct`: then only builtins' frames, as Promise.prototype.catch calling then); undefined
   *  when a library or Node's own code (fs.writeFile's open) registered it. */
  callerSite(wrapper: Function, name: string, direct?: boolean): number | undefined;
  /** A library's call made on the program's behalf: the site of the nearest instrumented frame
   *  (the program's call into the library), unless a runner's own code or a test file's is nearer. */
  onBehalfSite(wrapper: Function, name: string): number | undefined;
  /** Some frame of the project's code is on the stack (the program made the call). */
  onStack(wrapper: Function): boolean;
  /** The function that called `wrapper` is the project's (one frame looked at: cheap enough for
   *  a call as frequent as Math.random). */
  calledFromProject(wrapper: Function): boolean;
  /** `compute()`'s site, once per call expression of instrumented code that marked this call
   *  (recorder `cs`, `last` its last argument) and `key`: such a call always has the same caller,
   *  so its stack is captured once, not at every call. */
  atMark(last: unknown, key: string, compute: () => number | undefined): number | undefined;
  /** The marked call is over: a later call is not it. */
  clearMark(): void;
}

/** `classify` names a frame's file (undefined: not the project's code). */
export function projectSites(sink: ResourceSink, classify: (file: string) => FileClass | undefined, ownDir: string): ProjectSites {
  const sites = new Map<string, number>();
  const classes = new Map<string, FileClass | null>();

  const classOf = (fileName: string): FileClass | null => {
    let found = classes.get(fileName);
    if (found === undefined) {
      let path: string | undefined = fileName;
      if (fileName.startsWith('file:')) {
        try {
          path = fileURLToPath(fileName);
        } catch {
          path = undefined;
        }
      }
      found = (path !== undefined && !fileName.startsWith('node:') && classify(path)) || null;
      classes.set(fileName, found);
    }
    return found;
  };
  const declared = (callSite: NodeJS.CallSite, found: FileClass, kind: 'read' | 'write' | 'callback', name: string): number => {
    const fileName = callSite.getFileName()!;
    const line = callSite.getLineNumber() ?? 0;
    const col = callSite.getColumnNumber() ?? 0;
    const key = `${fileName}:${line}:${col}:${kind}:${name}`;
    let site = sites.get(key);
    if (site === undefined) {
      const [origLine, origCol] = originalPosition(fileName, line, col) ?? runnerPosition(callSite) ?? [line, col];
      site = sink.declareSite(found.rel, origLine, origCol, kind, name);
      sites.set(key, site);
    }
    return site;
  };
  const ours = (fileName: string) => fileName.startsWith(ownDir) || fileName.startsWith(`file://${ownDir}`);

  /** Frames siteOf looks at first, and at most. */
  const SITE_FRAMES_FIRST = 8;
  const SITE_FRAMES = 32;
  const RUNNER_INTERNALS = /[\\/]node_modules[\\/](vitest|vite|vite-node|tinypool|jest-runtime|jest-resolve|jest-haste-map|@vitest[\\/][^\\/]+|@jest[\\/][^\\/]+)[\\/]/;
  const captureCallSites = (_error: unknown, callSites: NodeJS.CallSite[]) => callSites;
  function siteOf(wrapper: Function, name: string, kind: 'read' | 'write'): number | undefined {
    // The first frames decide most calls (a runner's own read, an instrumented caller): only a
    // call they leave open is looked at with all 32. The same answer as 32 frames at once, found
    // cheaper: Vitest's and Vite's own fs calls each captured 32 frames to drop them (issue 33).
    const near = structuredStack(wrapper, captureCallSites, SITE_FRAMES_FIRST);
    const site = siteAmong(near, name, kind, (near?.length ?? 0) < SITE_FRAMES_FIRST);
    if (site !== DEEPER) return site;
    // The whole stack (up to 32 frames) decides: never DEEPER.
    return siteAmong(structuredStack(wrapper, captureCallSites, SITE_FRAMES), name, kind, true) as number | undefined;
  }

  /** siteOf's choice among `callSites`; DEEPER when they are not the whole stack and frames below
   *  them could change it (no instrumented frame yet, which a deeper one would take over from). */
  function siteAmong(callSites: NodeJS.CallSite[] | undefined, name: string, kind: 'read' | 'write', whole: boolean): number | undefined | typeof DEEPER {
    if (!callSites || callSites.length === 0) return undefined;
    const caller = callSites[0].getFileName() ?? '';
    // Node's own uses of the public functions (the CommonJS loader, streams opening their file)
    // are not the program's; util.promisify's wrapper calls on the program's behalf.
    if ((caller.startsWith('node:internal/') && caller !== 'node:internal/util') || ours(caller)) return undefined;
    let chosen: NodeJS.CallSite | undefined;
    let chosenClass: FileClass | undefined;
    let instrumented = false;
    for (const callSite of callSites) {
      const fileName = callSite.getFileName();
      if (!fileName) continue;
      // A test runner loading modules (Vite's module runner reading sources and its cache, Jest's
      // runtime) from inside a test's import: the runner's work, not the program's.
      if (!chosen && RUNNER_INTERNALS.test(fileName)) return undefined;
      const found = classOf(fileName);
      if (!found) continue;
      if (found.instrumented) {
        chosen = callSite;
        chosenClass = found;
        instrumented = true;
        break;
      }
      if (!chosen) {
        chosen = callSite;
        chosenClass = found;
      }
    }
    if (!instrumented && !whole) return DEEPER;
    if (!chosen || !chosenClass) return undefined;
    return declared(chosen, chosenClass, kind, name);
  }

  function callerSite(wrapper: Function, name: string, direct = false): number | undefined {
    const callSites = structuredStack(wrapper, captureCallSites, 6);
    for (const callSite of callSites ?? []) {
      const fileName = callSite.getFileName();
      // Builtins (Promise.prototype.catch calling then), Node's modules and ours: look further.
      if (!fileName || ours(fileName) || (!direct && fileName.startsWith('node:'))) continue;
      const found = classOf(fileName);
      return found ? declared(callSite, found, 'callback', name) : undefined;
    }
    return undefined;
  }

  function onBehalfSite(wrapper: Function, name: string): number | undefined {
    for (const callSite of structuredStack(wrapper, captureCallSites, SITE_FRAMES) ?? []) {
      const fileName = callSite.getFileName();
      if (!fileName || fileName.startsWith('node:') || ours(fileName)) continue;
      if (RUNNER_INTERNALS.test(fileName)) return undefined;
      const found = classOf(fileName);
      // A test file calling the library (a runner's helper, a test's own `delay`) keeps Node's timing.
      if (found) return found.instrumented ? declared(callSite, found, 'callback', name) : undefined;
    }
    return undefined;
  }

  const projectFrame = (callSite: NodeJS.CallSite | undefined): boolean => {
    const fileName = callSite?.getFileName();
    return typeof fileName === 'string' && !fileName.startsWith('node:') && !ours(fileName) && classOf(fileName) !== null;
  };
  const onStack = (wrapper: Function): boolean => (structuredStack(wrapper, captureCallSites, 32) ?? []).some(projectFrame);
  const calledFromProject = (wrapper: Function): boolean => projectFrame(structuredStack(wrapper, captureCallSites, 1)?.[0]);

  // By mark, then key: no key string is built per call (issue 33, a call per scheduled callback).
  const markedSites = new Map<number, Map<string, number | undefined>>();
  const atMark = (last: unknown, key: string, compute: () => number | undefined): number | undefined => {
    const mark = sink.callMark;
    if (mark === undefined || sink.callValue !== last) return compute();
    let byKey = markedSites.get(mark);
    if (byKey === undefined) markedSites.set(mark, (byKey = new Map()));
    let site = byKey.get(key);
    if (site === undefined && !byKey.has(key)) byKey.set(key, (site = compute()));
    return site;
  };
  const clearMark = () => {
    sink.callMark = undefined;
    sink.callValue = undefined;
  };

  return { siteOf, callerSite, onBehalfSite, onStack, calledFromProject, atMark, clearMark };
}

/** Installs the wrappers. */
export function watchResources(sink: ResourceSink, sites: ProjectSites): void {
  /** Inside a wrapped call (or recording): nested calls are the outer call's work (exists →
   *  access, http.request → net.createConnection) or the trace writer's own. */
  let depth = 0;
  const wrappers = new Map<Function, Function>();
  const { siteOf, atMark, clearMark } = sites;

  function record(wrapper: Function, name: string, accesses: Access[], last: unknown): void {
    let readSite: number | undefined;
    let writeSite: number | undefined;
    const siteAt = (kind: 'read' | 'write') => atMark(last, `${name}:${kind}`, () => siteOf(wrapper, name, kind));
    for (const [kind, key, v] of accesses) {
      const site = kind === 'rd' ? (readSite ??= siteAt('read')) : (writeSite ??= siteAt('write'));
      if (site === undefined) return;
      sink.resource(kind, key, site, v);
    }
  }

  function wrap(owner: object, property: string, name: string, plan: Plan, after?: (result: unknown, args: unknown[]) => void): void {
    const original = peekProperty(owner, property);
    if (typeof original !== 'function') return;
    let wrapper = wrappers.get(original);
    if (!wrapper) {
      const replacement = function (this: unknown, ...args: unknown[]): unknown {
        const outer = depth === 0;
        if (outer) {
          depth++;
          try {
            const accesses = plan(args, this);
            if (accesses) record(replacement, name, accesses, args[args.length - 1]);
          } catch {
            // Recording never disturbs the call.
          } finally {
            depth--;
          }
        }
        depth++;
        try {
          const result = Reflect.apply(original, this, args);
          if (after) after(result, args);
          return result;
        } finally {
          depth--;
          // (A callback registration inside took the mark already; a synchronous call leaves it.)
          if (outer) clearMark();
        }
      };
      wrapper = shapedLike(original, replacement);
      wrappers.set(original, wrapper);
    }
    const descriptor = Object.getOwnPropertyDescriptor(owner, property);
    if (descriptor && 'value' in descriptor) Object.defineProperty(owner, property, { ...descriptor, value: wrapper });
  }

  // The fds and FileHandles opened, to name the files of fd-based calls.
  const rememberFd = (result: unknown, args: unknown[]) => {
    const path = pathOf(args[0]);
    if (typeof result === 'number' && path !== undefined) fdPaths.set(result, path);
  };
  const forgetFd = (_result: unknown, args: unknown[]) => {
    if (typeof args[0] === 'number') fdPaths.delete(args[0]);
  };
  let handlesWrapped = false;
  const rememberHandle = (result: unknown, args: unknown[]) => {
    const path = pathOf(args[0]);
    if (path === undefined || !types.isPromise(result)) return;
    // A rejection handler of our own would mark the open's failure handled: noop keeps the
    // derived promise from rejecting, and the program's own handlers still see the failure.
    PROMISE_THEN.call(result, (handle: unknown) => {
      if (handle === null || typeof handle !== 'object') return;
      handlePaths.set(handle, path);
      if (!handlesWrapped) {
        handlesWrapped = true;
        const proto = Reflect.getPrototypeOf(handle);
        if (proto) wrapHandle(proto);
      }
    }, noop);
  };
  function wrapHandle(proto: object): void {
    const handleFile = (kind: 'rd' | 'wr', data?: number): Plan => (args, self) => {
      const path = self !== null && typeof self === 'object' ? handlePaths.get(self) : undefined;
      return path === undefined ? undefined : [[kind, fileKey(path), data === undefined ? undefined : lengthOf(args[data])]];
    };
    for (const method of HANDLE_READS) wrap(proto, method, `FileHandle.${method}`, handleFile('rd'));
    for (const method of HANDLE_WRITES) wrap(proto, method, `FileHandle.${method}`, handleFile('wr', method === 'truncate' ? undefined : 0));
  }

  for (const [method, plan] of Object.entries(FS_PLANS)) {
    const after = method === 'open' ? rememberFd : undefined;
    wrap(fs, method, `fs.${method}`, plan);
    wrap(fs, `${method}Sync`, `fs.${method}Sync`, plan, after);
    wrap(fsp, method, `fs.promises.${method}`, plan, method === 'open' ? rememberHandle : undefined);
  }
  wrap(fs, 'close', 'fs.close', () => undefined, forgetFd);
  wrap(fs, 'closeSync', 'fs.closeSync', () => undefined, forgetFd);
  for (const [method, plan] of Object.entries(STREAM_PLANS)) wrap(fs, method, `fs.${method}`, plan);

  wrap(net.Server.prototype, 'listen', 'listen', portArg('wr'));
  wrap(net, 'connect', 'net.connect', portArg('rd'));
  wrap(net, 'createConnection', 'net.createConnection', portArg('rd'));
  wrap(http, 'request', 'http.request', requestTo(80));
  wrap(http, 'get', 'http.get', requestTo(80));
  wrap(https, 'request', 'https.request', requestTo(443));
  wrap(https, 'get', 'https.get', requestTo(443));
  // ES modules' named imports of the builtins (`import { stat } from 'node:fs'`) see the wrappers.
  Module.syncBuiltinESMExports();
}

/** `replacement` with the original's own properties — length, name, util.promisify.custom
 *  (fs.exists), the custom promisify arguments of fs.read/write, realpath.native — and prototype. */
export function shapedLike<F extends Function>(original: Function, replacement: F): F {
  for (const key of Reflect.ownKeys(original)) {
    try {
      Object.defineProperty(replacement, key, Object.getOwnPropertyDescriptor(original, key)!);
    } catch {
      // a non-configurable own property of the replacement (its prototype) stays as it is
    }
  }
  Reflect.setPrototypeOf(replacement, Reflect.getPrototypeOf(original));
  return replacement;
}

/** V8's structured call sites of the current stack above `below`, without formatting anything:
 *  a user Error.prepareStackTrace or stackTraceLimit is set aside for the capture and restored
 *  exactly (no user code runs). */
/** siteOf's answer when the frames it has do not decide: look at more. */
const DEEPER = Symbol('deeper');

function structuredStack(below: Function, capture: (error: unknown, sites: NodeJS.CallSite[]) => NodeJS.CallSite[], frames: number): NodeJS.CallSite[] | undefined {
  const limit = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  const prepare = Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace');
  const holder: { stack?: unknown } = {};
  try {
    Object.defineProperty(Error, 'stackTraceLimit', { value: frames, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(Error, 'prepareStackTrace', { value: capture, writable: true, enumerable: false, configurable: true });
    Error.captureStackTrace(holder, below);
    return holder.stack as NodeJS.CallSite[] | undefined;
  } catch {
    return undefined;
  } finally {
    restore('stackTraceLimit', limit);
    restore('prepareStackTrace', prepare);
  }
}

function restore(key: string, descriptor: PropertyDescriptor | undefined): void {
  try {
    if (descriptor) Object.defineProperty(Error, key, descriptor);
    else delete (Error as unknown as Record<string, unknown>)[key];
  } catch {
    // Error's property was made non-configurable by the program: it was never changed either.
  }
}

/** A generated position (1-based) mapped to the user's source through the module's inline
 *  source map (the loader transpiles with one); undefined when Node has no map of the module. */
function originalPosition(fileName: string, line: number, col: number): [number, number] | undefined {
  try {
    const map = Module.findSourceMap(fileName);
    const entry = map?.findEntry(line - 1, col - 1) as { originalLine?: number; originalColumn?: number } | undefined;
    if (entry && typeof entry.originalLine === 'number' && typeof entry.originalColumn === 'number') return [entry.originalLine + 1, entry.originalColumn + 1];
  } catch {
    // no map
  }
  return undefined;
}

/** The position of a frame of a module the test runner evaluated itself (Vitest's module runner,
 *  Jest's vm scripts): Node has no map of those, the runner's own Error.prepareStackTrace has
 *  (vite-node's and Vite's source-map interceptors, Jest's source-map-support), so it is asked to
 *  format this one frame. Undefined without one, or when it gives no position. */
function runnerPosition(callSite: NodeJS.CallSite): [number, number] | undefined {
  for (const E of contextError ? [contextError, Error] : [Error]) {
    const prepare = E.prepareStackTrace;
    if (typeof prepare !== 'function') continue;
    try {
      const text = String(prepare(new E(), [callSite]));
      const frame = text.split('\n').find((l) => /^\s*at /.test(l)) ?? '';
      const m = /:(\d+):(\d+)\)?\s*$/.exec(frame);
      if (m) return [Number(m[1]), Number(m[2])];
    } catch {
      // this realm's runner could not format it
    }
  }
  return undefined;
}

/** The Error of the vm context the current test file runs in (Vitest's vmThreads and vmForks
 *  pools, Jest), when it is not ours: the runner installs its source-map interceptor there, so a
 *  frame of that file is formatted by it (without it, the sites of callbacks registered there had
 *  the transformed code's lines: window.ts:32 in an 11-line file). Only the latest context is
 *  kept: an older one is a test file that has ended, and holding it would keep it alive. */
let contextError: ErrorConstructor | undefined;
export function adoptContextError(E: ErrorConstructor): void {
  contextError = E === Error ? undefined : E;
}
