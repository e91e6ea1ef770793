// Streams a process's trace to `<runDir>/trace-<pid>[-<thread>].jsonl` with bounded memory: lines
// are buffered and written synchronously in chunks, so a flush on exit or on a fatal signal needs
// no event loop. The file is created on the first event (the `node --test` parent process, which
// runs no instrumented code, leaves none).
import { closeSync as closeFile, mkdirSync as makeDir, openSync as openFile, writeSync as writeFile } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { TRACE_FORMAT, TRACE_VERSION, type TraceEvent, type TraceVars } from './trace-events.js';

/** Characters of pending lines written out at once. Lines are concatenated (V8 keeps a rope, no
 *  copy) and the chunk is flattened and encoded once by writeSync: measured ~1.8× cheaper than
 *  encoding each line into a buffer (a native call and a flattening per line; issue 33). 16–64k
 *  measured alike, 256k and more slower. */
const FLUSH_CHARS = 64 * 1024;
// The functions as they are before resources.ts wraps them (it syncs the builtins' named exports,
// which this bundle imports live): the trace's own writes are never recorded.
const closeSync = closeFile;
const mkdirSync = makeDir;
const openSync = openFile;
const writeSync = writeFile;

/** One JSON line. The kinds a scheduled run writes for every callback and call (issue 20's
 *  slowdown: JSON.stringify of these small objects was a quarter of the event-loop-only workload) are
 *  formatted directly — the same JSON, field for field; ids and counters are integers or null
 *  (trace-events.ts), strings and values still go through JSON.stringify. */
export function lineOf(event: TraceEvent): string {
  switch (event.e) {
    case 'en':
      return enterLine(event.a, event.p, event.f, event.o, varsBody(event.v));
    case 'ex':
      return exitLine(event.a, event.f, event.x, varsBody(event.v));
    case 'spawn':
      return `{"e":"spawn","a":${event.a}}\n`;
    case 'aw':
    case 'rs':
      return `{"e":"${event.e}","a":${event.a},"s":${event.s}}\n`;
    case 'sched':
      return `{"e":"sched","n":${event.n},"a":${event.a},"s":${event.s},"c":${event.c},"i":${event.i},"k":${JSON.stringify(event.k)},"t":${event.t}${event.d === undefined ? '' : `,"d":${event.d}`}${event.m === undefined ? '' : `,"m":[${event.m.join(',')}]`}${event.ks === undefined ? '' : `,"ks":${JSON.stringify(event.ks)}`}}\n`;
    case 'rd':
    case 'wr':
    case 'up':
      return accessLine(event.e, event.a, event.s, event.obj, event.k, event.v === undefined ? undefined : JSON.stringify(event.v), event.ek);
    default:
      return `${JSON.stringify(event)}\n`;
  }
}

// The lines the recorder writes most, from their fields (no event object, issue 33): `vars` and
// `v` are JSON text already (value-capture.ts beginVars … endVars, scalarText). A line is a rope
// of its pieces until the writer flattens its chunk, and flattening costs per piece (it was a third
// of a traced run of 10^6 events): the parts that repeat — a function's `,"f":…,"o":`, an exit's
// `,"f":…,"x":…,"v":`, a site's `,"s":…,"obj":` and its key — are kept as one string each, made
// with `join`, which copies them into one flat string (made with `+` or a template, a kept string
// stays a rope of its parts, and every line it went into was flattened part by part).

/** Per function: the parent of its last ENTER and `,"p":P,"f":F,"o":` (siblings share a parent;
 *  top-level calls have none). */
const enterParents: (number | null)[] = [];
const enterMids: string[] = [];
/** Per function: its last exit line and `,"f":F,"x":X,"v":{` (most functions return at one line). */
const exitMidLines: number[] = [];
const exitMids: string[] = [];

/** `body`: the variables' JSON without its braces (value-capture.ts endVarsBody). */
export function enterLine(a: number, p: number | null, f: number, o: number, body: string): string {
  let mid = enterMids[f];
  if (mid === undefined || enterParents[f] !== p) {
    enterParents[f] = p;
    // String(p): join writes null as nothing.
    enterMids[f] = mid = [',"p":', String(p), ',"f":', f, ',"o":'].join('');
  }
  // `(o + ',"v":{')`: under 13 characters V8 copies instead of linking, one piece fewer to flatten.
  return '{"e":"en","a":' + a + mid + (o + ',"v":{') + body + '}}\n';
}

export function exitLine(a: number, f: number, x: number, body: string): string {
  let mid = exitMids[f];
  if (mid === undefined || exitMidLines[f] !== x) {
    exitMidLines[f] = x;
    exitMids[f] = mid = [',"f":', f, ',"x":', x, ',"v":{'].join('');
  }
  return '{"e":"ex","a":' + a + mid + body + '}}\n';
}

const ACCESS_START = { rd: '{"e":"rd","a":', wr: '{"e":"wr","a":', up: '{"e":"up","a":' };

/** Per site: the object and key last accessed there and `,"s":S,"obj":O,"k":K,"v":` and
 *  `,"s":S,"obj":O,"k":K}` + newline (a field site has one key, and often one object: `this`). */
interface SiteText {
  obj: number;
  key: string;
  midV: string;
  midEnd: string;
}
const siteTexts: SiteText[] = [];

function siteText(s: number, obj: number, k: string): SiteText {
  let site = siteTexts[s];
  if (site === undefined) siteTexts[s] = site = { obj: -1, key: '', midV: '', midEnd: '' };
  if (site.obj !== obj || site.key !== k || site.midV === '') {
    const mid = [',"s":', s, ',"obj":', obj, ',"k":', keyText(k)];
    site.obj = obj;
    site.key = k;
    site.midV = [...mid, ',"v":'].join('');
    site.midEnd = [...mid, '}\n'].join('');
  }
  return site;
}

/** A field or resource access. `v`: the value's JSON text; `ek`: kept when a string or number. */
export function accessLine(e: 'rd' | 'wr' | 'up', a: number | null, s: number, obj: number, k: string, v: string | undefined, ek: unknown): string {
  if (ek === undefined) {
    const site = siteText(s, obj, k);
    // `(v + '}\n')`: a number's text and the brace are one flat string (copied under 13 characters).
    return v === undefined ? ACCESS_START[e] + a + site.midEnd : ACCESS_START[e] + a + site.midV + (v + '}\n');
  }
  const line = `{"e":"${e}","a":${a},"s":${s},"obj":${obj},"k":${keyText(k)}`;
  const ekText = typeof ek === 'number' ? (Number.isFinite(ek) ? `${ek}` : 'null') : typeof ek === 'string' ? JSON.stringify(ek) : undefined;
  if (v === undefined) return ekText === undefined ? `${line}}\n` : `${line},"ek":${ekText}}\n`;
  return ekText === undefined ? `${line},"v":${v}}\n` : `${line},"v":${v},"ek":${ekText}}\n`;
}

/** Field names' JSON, kept for the names a program uses (a bounded number: computed keys and file
 *  paths could be many). */
const keyTexts = new Map<string, string>();

function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (keyTexts.size < 4096) keyTexts.set(key, text);
  }
  return text;
}

/** The variables' JSON without its braces. A callback run's ENTER and EXIT carry none: no
 *  JSON.stringify for them. */
function varsBody(vars: TraceVars): string {
  for (const _ in vars) return JSON.stringify(vars).slice(1, -1);
  return '';
}

export class TraceWriter {
  private fd: number | undefined;
  /** Lines not written yet, concatenated. */
  private pending = '';
  private closed = false;
  /** Lines written so far, the header included. */
  count = 0;
  /** The header's argv when process.argv does not name the test file (a Vitest worker's is the
   *  pool's worker script): its last element is the process key (scheduler.ts processKey). */
  argv: string[] | undefined;

  constructor(private readonly runDir: string, private readonly fields: boolean) {}

  get path(): string {
    return join(this.runDir, threadId ? `trace-${process.pid}-${threadId}.jsonl` : `trace-${process.pid}.jsonl`);
  }

  write(event: TraceEvent): void {
    this.writeLine(lineOf(event));
  }

  /** A line formatted already (enterLine, exitLine, accessLine), ending in a newline. */
  writeLine(line: string): void {
    if (this.closed) return;
    if (this.fd === undefined) this.open();
    this.pending += line;
    this.count++;
    if (this.pending.length >= FLUSH_CHARS) this.flush();
  }

  private open(): void {
    mkdirSync(this.runDir, { recursive: true });
    this.fd = openSync(this.path, 'w');
    const header: TraceEvent = {
      e: 'header',
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      pid: process.pid,
      ppid: process.ppid,
      argv: this.argv ?? process.argv.slice(1),
      cwd: process.cwd(),
      started: new Date().toISOString(),
      fields: this.fields,
    };
    writeSync(this.fd, `${JSON.stringify(header)}\n`);
    this.count++;
  }

  flush(): void {
    if (this.fd === undefined || this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    writeSync(this.fd, chunk);
  }

  /** Writes the end record and closes the file; later events are dropped. */
  close(end: TraceEvent): void {
    if (this.closed) return;
    if (this.fd !== undefined) {
      this.write(end);
      this.flush();
      closeSync(this.fd);
    }
    this.closed = true;
  }
}
