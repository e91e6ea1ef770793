// Daikon export (`conlens export-daikon`): a run's program-point samples as a Daikon declaration
// file (decl-version 2.0) and a data trace file, so the traces can be fed to Daikon itself
// (`java daikon.Daikon trace.decls trace.dtrace`). Format: Daikon developer manual, "File formats".
//
// Two streamed passes over the samples (readSamples): pass 1 learns, per function, its program
// points, its variables and each variable's type; pass 2 writes one record per sample. Memory is
// bounded by the number of functions and variables, never by the trace size.
//
// Decisions (where our values are not Java's):
// - Program points: `<name>(<param, names>):::ENTER` and `...:::EXIT<line>` (ppt-type subexit;
//   Daikon builds the combined `:::EXIT` itself). Class members keep their display name
//   (`SA.func1()`); other functions are prefixed by their file (`src/account.ts#withdraw(account,
//   amount)`) because a module is their only namespace; display names that two classes in two
//   files share get the file prefix too, so ppt names stay distinct. Daikon wants parameter types
//   in the parentheses; we have none, so parameter names take their place (it only splits the
//   name for display). `EXIT0` is a return by falling off the end of the body.
// - Exceptional exits are not exported (like Chicory, which records only normal returns): their
//   ENTER stays unmatched, which Daikon accepts with nonces.
// - Every EXIT point declares all variables of its ENTER point (Daikon requires it to add the
//   orig() variables), then its own, then `return`; every EXITnn of a function declares the same
//   variables. Our EXIT samples hold `return` and `this…` but not the parameters: a parameter
//   itself takes its ENTER value (a binding the caller cannot see change), anything reached
//   through it (`account.balance`, `list[..]`) is `nonsensical` at the exit, since it may have
//   changed and was not recorded.
// - Types are decided per function and variable name over all samples: numbers → `int` when every
//   one is a safe integer (bigints within 64 bits count as integers), else `double` (NaN, Infinity,
//   -Infinity as Daikon writes them); booleans → `boolean` (`true`/`false`); strings →
//   `java.lang.String`, quoted and escaped like Chicory does; strings recorded only as length +
//   hash (longer than the capture limit) become the placeholder string `<N chars, fnv1a HASH>`, so
//   equal long strings still compare equal; objects and arrays → `hashcode` (their identity,
//   made unique per run as process·2^32 + id); functions and symbols carry no identity in the
//   trace → `nonsensical`.
// - `null` and `undefined` are Java's null: `null` for hashcode and string variables (Daikon
//   reads it as 0 / no string, as it does for Chicory's nulls), `nonsensical` for int, double and
//   boolean variables (Java primitives cannot be null). A variable absent from a sample (the
//   capture stopped, a field not yet assigned) is `nonsensical` with modified bit 2.
// - A variable seen with values of different kinds (a number and a string, …) becomes a
//   `java.lang.String` of a JavaScript rendering: numbers and booleans bare, strings JSON-quoted,
//   objects `Class#id`, so that distinct values stay distinct.
// - Arrays: the variable `a` is the array's identity (hashcode); when elements were captured
//   (short arrays) also `a[..]`, Daikon's sequence variable (var-kind array, `array 1`,
//   rep-type `int[]`, `double[]`, `boolean[]`, `java.lang.String[]` or `hashcode[]`). An array
//   recorded without its elements, or a null array, makes `a[..]` nonsensical, as does an element
//   that cannot be represented (Daikon treats an array with a nonsensical element as nonsensical).
//   Derived variables such as size(a[..]) are Daikon's job.
// - Names: blanks are written `\_` and backslashes `\\` (in the .dtrace too, where Daikon reads
//   them the same way); `..` is reserved for sequences, so a name containing it gets `. .`.
// - Modified bits are 1 (Daikon recomputes them), 2 with `nonsensical`. Comparability: none.
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { TraceValue, TraceVars } from '../runtime/trace-events.js';
import { readSamples, traceFiles, TraceFormatError, type PointSample, type TraceFileInfo } from './read-trace.js';

export interface DaikonExport {
  /** Path of the written declaration file (`<outDir>/trace.decls`). */
  decls: string;
  /** Path of the written data trace file (`<outDir>/trace.dtrace`). */
  dtrace: string;
  /** Program points declared (ENTER and EXITnn). */
  points: number;
  /** Records written to the data trace. */
  samples: number;
  /** EXIT samples left out because the activation threw. */
  threw: number;
  /** Trace files cut short (a killed process): exported up to the cut. */
  truncated: string[];
  /** Trace files read. */
  files: number;
}

type Rep = 'int' | 'double' | 'boolean' | 'java.lang.String' | 'hashcode' | 'mixed';

/** What values a variable (or the elements of an array variable) held, over all samples. */
interface ValueKinds {
  nullish: boolean;
  integral: boolean;
  fractional: boolean;
  bool: boolean;
  str: boolean;
  ref: boolean;
  opaque: boolean;
  /** Only array values among the references. */
  allArrays: boolean;
  /** Class names of object values (first few). */
  classes: Set<string>;
}

interface VarInfo extends ValueKinds {
  /** Element kinds, over every array value whose elements were captured. */
  elements?: ValueKinds;
}

interface FunctionPoints {
  key: string;
  name: string;
  file: string;
  params: string[];
  /** Raw variable names in first-seen order. */
  enterVars: Set<string>;
  exitVars: Set<string>;
  exitLines: Set<number>;
  vars: Map<string, VarInfo>;
  enterPpt?: PptDecl;
  exitPpts: Map<number, PptDecl>;
  exitDecl?: DeclVar[];
}

interface DeclVar {
  /** The trace's variable name (the array's, for a sequence variable). */
  source: string;
  /** Set for `a[..]`: the elements of `source`. */
  elements: boolean;
  name: string;
  kind: 'variable' | 'field' | 'return' | 'array';
  relative?: string;
  enclosing?: string;
  rep: Rep;
  dec: string;
  param: boolean;
}

interface PptDecl {
  name: string;
  type: 'enter' | 'subexit';
  vars: DeclVar[];
}

const CLASS_MEMBER_KINDS = new Set(['method', 'constructor', 'getter', 'setter']);
const MAX_CLASSES = 4;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
const FLUSH_CHARS = 256 * 1024;

function emptyKinds(): ValueKinds {
  return { nullish: false, integral: false, fractional: false, bool: false, str: false, ref: false, opaque: false, allArrays: true, classes: new Set() };
}

function isTagged(value: TraceValue): value is Exclude<TraceValue, number | string | boolean | null> {
  return typeof value === 'object' && value !== null;
}

function bigintFits(text: string): boolean {
  try {
    const n = BigInt(text);
    return n >= LONG_MIN && n <= LONG_MAX;
  } catch {
    return false;
  }
}

function observe(kinds: ValueKinds, value: TraceValue): void {
  if (value === null) {
    kinds.nullish = true;
    return;
  }
  switch (typeof value) {
    case 'number':
      if (Number.isSafeInteger(value)) kinds.integral = true;
      else kinds.fractional = true;
      return;
    case 'boolean':
      kinds.bool = true;
      return;
    case 'string':
      kinds.str = true;
      return;
    default:
      break;
  }
  switch (value.$) {
    case 'undefined':
      kinds.nullish = true;
      return;
    case 'number':
      if (value.v === '-0') kinds.integral = true;
      else kinds.fractional = true;
      return;
    case 'bigint':
      if (bigintFits(value.v)) kinds.integral = true;
      else kinds.fractional = true;
      return;
    case 'string':
      kinds.str = true;
      return;
    case 'function':
    case 'symbol':
      kinds.opaque = true;
      return;
    case 'object':
      kinds.ref = true;
      kinds.allArrays = false;
      if (kinds.classes.size < MAX_CLASSES) kinds.classes.add(value.cls);
      return;
    case 'array':
      kinds.ref = true;
      return;
    default:
      kinds.opaque = true;
  }
}

function observeVar(info: VarInfo, value: TraceValue): void {
  observe(info, value);
  if (isTagged(value) && value.$ === 'array' && value.el) {
    info.elements ??= emptyKinds();
    for (const element of value.el) observe(info.elements, element);
  }
}

function repOf(kinds: ValueKinds): Rep {
  const numeric = kinds.integral || kinds.fractional;
  const groups = [numeric, kinds.bool, kinds.str, kinds.ref || kinds.opaque].filter(Boolean).length;
  if (groups === 0) return 'hashcode';
  if (groups > 1) return 'mixed';
  if (numeric) return kinds.fractional ? 'double' : 'int';
  if (kinds.bool) return 'boolean';
  if (kinds.str) return 'java.lang.String';
  return 'hashcode';
}

function repTypeText(rep: Rep): string {
  return rep === 'mixed' ? 'java.lang.String' : rep;
}

/** The declared type: Java's names for what Daikon knows, the JavaScript class otherwise. */
function decTypeOf(kinds: ValueKinds, rep: Rep): string {
  switch (rep) {
    case 'int':
    case 'double':
    case 'boolean':
    case 'java.lang.String':
      return rep;
    case 'mixed':
      return 'any';
    default:
      break;
  }
  if (kinds.ref) {
    if (kinds.allArrays && !kinds.opaque) return 'Array';
    if (kinds.classes.size === 1 && !kinds.opaque) return [...kinds.classes][0];
    return 'Object';
  }
  if (kinds.opaque) return 'Function';
  return 'undefined';
}

// ---- names -------------------------------------------------------------------------------------

/** Daikon's escaping of names in both files: blank → `\_`, backslash → `\\`, newline → `\n`. */
export function escapeDaikonName(name: string): string {
  return name.replace(/[\\\s\x1c-\x1f]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\_'));
}

/** `..` marks sequence indices in Daikon names; keep it out of ordinary names. */
function plainName(name: string): string {
  return name.includes('..') ? name.replace(/\.\./g, '. .') : name;
}

/** A Java string literal body, escaped the way Chicory writes strings. */
export function quoteDaikonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const ch = text[i];
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (c >= 0x20 && c <= 0x7e) out += ch;
    else if (c <= 0xff) out += `\\${c.toString(8).padStart(3, '0')}`;
    else out += `\\u${c.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

// ---- values ------------------------------------------------------------------------------------

const NONSENSICAL = 'nonsensical';

function identity(id: number, process: number): string {
  return process === 0 ? String(id) : String(BigInt(process) * 2n ** 32n + BigInt(id));
}

function longStringText(value: { len: number; hash: string }): string {
  return `<${value.len} chars, fnv1a ${value.hash}>`;
}

function doubleText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  if (Object.is(value, -0)) return '-0.0';
  return String(value);
}

/** A JavaScript rendering, for variables whose values are of several kinds. */
function mixedText(value: TraceValue, process: number): string | null {
  if (value === null) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  switch (value.$) {
    case 'undefined':
      return null;
    case 'number':
      return value.v;
    case 'bigint':
      return `${value.v}n`;
    case 'string':
      return longStringText(value);
    case 'function':
      return `function ${value.name}`;
    case 'symbol':
      return `Symbol(${value.v})`;
    case 'object':
      return `${value.cls}#${identity(value.id, process)}`;
    case 'array':
      return `Array#${identity(value.id, process)}`;
    default:
      return null;
  }
}

/** One value as written in the .dtrace under `rep`, or undefined when it cannot be (nonsensical). */
function valueText(value: TraceValue, rep: Rep, process: number): string | undefined {
  const nullish = value === null || (isTagged(value) && value.$ === 'undefined');
  switch (rep) {
    case 'int':
      if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
      if (isTagged(value) && value.$ === 'number' && value.v === '-0') return '0';
      if (isTagged(value) && value.$ === 'bigint' && bigintFits(value.v)) return BigInt(value.v).toString();
      return undefined;
    case 'double':
      if (typeof value === 'number') return doubleText(value);
      if (isTagged(value) && value.$ === 'number') return value.v === '-0' ? '-0.0' : value.v;
      if (isTagged(value) && value.$ === 'bigint') return doubleText(Number(value.v));
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'java.lang.String':
      if (nullish) return 'null';
      if (typeof value === 'string') return quoteDaikonString(value);
      if (isTagged(value) && value.$ === 'string') return quoteDaikonString(longStringText(value));
      return undefined;
    case 'hashcode':
      if (nullish) return 'null';
      if (isTagged(value) && (value.$ === 'object' || value.$ === 'array')) return identity(value.id, process);
      return undefined;
    case 'mixed': {
      const text = mixedText(value, process);
      return text === null ? 'null' : quoteDaikonString(text);
    }
    default:
      return undefined;
  }
}

function sequenceText(value: TraceValue | undefined, rep: Rep, process: number): string | undefined {
  if (value === undefined || !isTagged(value) || value.$ !== 'array' || !value.el) return undefined;
  const parts: string[] = [];
  for (const element of value.el) {
    const text = valueText(element, rep, process);
    if (text === undefined) return undefined;
    parts.push(text);
  }
  return `[${parts.join(' ')}]`;
}

// ---- pass 1: program points and variables --------------------------------------------------------

function functionKey(sample: { file: string; function: string }): string {
  return `${sample.file}#${sample.function}`;
}

function learn(points: Map<string, FunctionPoints>, sample: PointSample): void {
  const key = functionKey(sample);
  let fn = points.get(key);
  if (!fn) {
    fn = { key, name: sample.function, file: sample.file, params: [], enterVars: new Set(), exitVars: new Set(), exitLines: new Set(), vars: new Map(), exitPpts: new Map() };
    points.set(key, fn);
  }
  const enterVars = sample.kind === 'ENTER' ? sample.vars : sample.orig;
  if (enterVars) {
    for (const name of Object.keys(enterVars)) {
      if (!fn.enterVars.has(name)) {
        fn.enterVars.add(name);
        if (name !== 'this' && !name.includes('.')) fn.params.push(name);
      }
    }
  }
  if (sample.kind === 'EXIT') {
    if (sample.threw) return;
    fn.exitLines.add(sample.exitLine ?? 0);
    for (const name of Object.keys(sample.vars)) fn.exitVars.add(name);
  }
  for (const [name, value] of Object.entries(sample.vars)) {
    let info = fn.vars.get(name);
    if (!info) fn.vars.set(name, (info = emptyKinds()));
    observeVar(info, value);
  }
}

/** Orders names as a tree (each variable after the one that encloses it), roots in `roots` order. */
function treeOrder(names: string[], roots: string[]): { name: string; enclosing?: string }[] {
  const present = new Set(names);
  const enclosingOf = (name: string): string | undefined => {
    for (let cut = name.lastIndexOf('.'); cut > 0; cut = name.lastIndexOf('.', cut - 1)) {
      const prefix = name.slice(0, cut);
      if (present.has(prefix)) return prefix;
    }
    return undefined;
  };
  const children = new Map<string, string[]>();
  const topLevel: string[] = [];
  for (const name of names) {
    const parent = enclosingOf(name);
    if (parent === undefined) topLevel.push(name);
    else {
      let list = children.get(parent);
      if (!list) children.set(parent, (list = []));
      list.push(name);
    }
  }
  const rank = new Map(roots.map((r, i) => [r, i]));
  topLevel.sort((a, b) => (rank.get(a) ?? roots.length) - (rank.get(b) ?? roots.length));
  const out: { name: string; enclosing?: string }[] = [];
  const visit = (name: string, enclosing?: string) => {
    out.push({ name, enclosing });
    for (const child of children.get(name) ?? []) visit(child, name);
  };
  for (const name of topLevel) visit(name);
  return out;
}

function declareVars(fn: FunctionPoints, names: string[], roots: string[]): DeclVar[] {
  const out: DeclVar[] = [];
  const used = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name}#${n}`;
    used.add(candidate);
    return candidate;
  };
  const outName = new Map<string, string>();
  const params = new Set(fn.params);
  for (const { name, enclosing } of treeOrder(names, roots)) {
    const info: VarInfo = fn.vars.get(name) ?? emptyKinds();
    const rep = repOf(info);
    const written = unique(plainName(name));
    outName.set(name, written);
    const variable: DeclVar = {
      source: name,
      elements: false,
      name: written,
      kind: enclosing !== undefined ? 'field' : name === 'return' ? 'return' : 'variable',
      rep,
      dec: decTypeOf(info, rep),
      param: params.has(name) || name === 'this',
    };
    if (enclosing !== undefined) {
      variable.enclosing = outName.get(enclosing);
      variable.relative = plainName(name.slice(enclosing.length + 1)) || '.';
    }
    out.push(variable);
    if (info.elements && info.ref) {
      const elementRep = repOf(info.elements);
      const elementDec = `${decTypeOf(info.elements, elementRep)}[]`;
      if (info.allArrays && !info.opaque) variable.dec = elementDec;
      out.push({ source: name, elements: true, name: unique(`${written}[..]`), kind: 'array', enclosing: written, rep: elementRep, dec: elementDec, param: false });
    }
  }
  return out;
}

function qualifiedNames(points: FunctionPoints[], kinds: Map<string, string>): Map<string, string> {
  const base = new Map<string, string>();
  for (const fn of points) base.set(fn.key, CLASS_MEMBER_KINDS.has(kinds.get(fn.key) ?? '') ? fn.name : `${fn.file}#${fn.name}`);
  const count = new Map<string, number>();
  for (const name of base.values()) count.set(name, (count.get(name) ?? 0) + 1);
  for (const fn of points) if ((count.get(base.get(fn.key)!) ?? 0) > 1) base.set(fn.key, `${fn.file}#${fn.name}`);
  return base;
}

function buildPpts(points: Map<string, FunctionPoints>, infos: TraceFileInfo[]): PptDecl[] {
  const kinds = new Map<string, string>();
  for (const info of infos) for (const fn of info.functions.values()) kinds.set(functionKey({ file: fn.file, function: fn.name }), fn.kind);
  const qualified = qualifiedNames([...points.values()], kinds);
  const bases = [...points.values()].map((fn) => ({ fn, pptBase: `${qualified.get(fn.key)}(${fn.params.join(', ')})` }));
  bases.sort((a, b) => (a.pptBase < b.pptBase ? -1 : a.pptBase > b.pptBase ? 1 : 0));
  // By function, then ENTER and its EXITs by line.
  const ppts: PptDecl[] = [];
  for (const { fn, pptBase } of bases) {
    const enterNames = [...fn.enterVars];
    const enterRoots = enterNames.filter((n) => !n.includes('.'));
    fn.enterPpt = { name: `${pptBase}:::ENTER`, type: 'enter', vars: declareVars(fn, enterNames, enterRoots) };
    ppts.push(fn.enterPpt);
    if (fn.exitLines.size === 0) continue;
    const exitNames = [...new Set([...fn.enterVars, ...fn.exitVars])];
    const exitRoots = [...enterRoots, ...exitNames.filter((n) => !n.includes('.') && !fn.enterVars.has(n) && n !== 'return'), 'return'];
    fn.exitDecl = declareVars(fn, exitNames, exitRoots);
    for (const line of [...fn.exitLines].sort((a, b) => a - b)) {
      const ppt: PptDecl = { name: `${pptBase}:::EXIT${line}`, type: 'subexit', vars: fn.exitDecl };
      fn.exitPpts.set(line, ppt);
      ppts.push(ppt);
    }
  }
  return ppts;
}

function declsText(ppts: PptDecl[]): string {
  const lines = ['// Daikon declarations written by Concurrency Lens (conlens export-daikon)', '', 'decl-version 2.0', 'var-comparability none', 'input-language TypeScript', ''];
  for (const ppt of ppts) {
    lines.push(`ppt ${escapeDaikonName(ppt.name)}`, `ppt-type ${ppt.type}`);
    for (const v of ppt.vars) {
      lines.push(`variable ${escapeDaikonName(v.name)}`);
      lines.push(`  var-kind ${v.kind}${v.kind === 'field' ? ` ${escapeDaikonName(v.relative!)}` : ''}`);
      if (v.enclosing !== undefined) lines.push(`  enclosing-var ${escapeDaikonName(v.enclosing)}`);
      if (v.elements) lines.push('  array 1');
      lines.push(`  dec-type ${escapeDaikonName(v.dec)}`);
      lines.push(`  rep-type ${repTypeText(v.rep)}${v.elements ? '[]' : ''}`);
      if (v.param) lines.push('  flags is_param');
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

// ---- pass 2: records -----------------------------------------------------------------------------

function recordText(ppt: PptDecl, sample: PointSample, params: Set<string>): string {
  const lines = [escapeDaikonName(ppt.name), 'this_invocation_nonce', String(sample.nonce)];
  for (const v of ppt.vars) {
    let value: TraceValue | undefined = sample.vars[v.source];
    let fromEntry = false;
    if (value === undefined && sample.kind === 'EXIT' && params.has(v.source)) {
      value = sample.orig?.[v.source];
      fromEntry = true;
    }
    let text: string | undefined;
    if (value !== undefined) text = v.elements ? (fromEntry ? undefined : sequenceText(value, v.rep, sample.process)) : valueText(value, v.rep, sample.process);
    lines.push(escapeDaikonName(v.name), text ?? NONSENSICAL, text === undefined ? '2' : '1');
  }
  lines.push('', '');
  return lines.join('\n');
}

/**
 * Writes `<outDir>/trace.decls` and `<outDir>/trace.dtrace` for the run in `runDir`. Throws
 * TraceFormatError when `runDir` is not a run folder (no trace files and no run.json) or holds a
 * file that is not a trace. A run whose processes recorded nothing yields files without points.
 */
export async function exportDaikon(runDir: string, outDir: string): Promise<DaikonExport> {
  if (traceFiles(runDir).length === 0 && !existsSync(join(runDir, 'run.json'))) {
    throw new TraceFormatError(`${runDir}: no trace-*.jsonl files and no run.json: not a Concurrency Lens run folder (conlens trace prints one)`);
  }
  const points = new Map<string, FunctionPoints>();
  const infos = await readSamples(runDir, (sample) => learn(points, sample));
  const ppts = buildPpts(points, infos);
  mkdirSync(outDir, { recursive: true });
  const decls = join(outDir, 'trace.decls');
  const dtrace = join(outDir, 'trace.dtrace');
  writeFileSync(decls, declsText(ppts));

  const paramSets = new Map([...points.values()].map((fn) => [fn.key, new Set(fn.params)]));
  let samples = 0;
  let threw = 0;
  const fd = openSync(dtrace, 'w');
  try {
    let buffer = '// Daikon data trace written by Concurrency Lens (conlens export-daikon)\n\ndecl-version 2.0\n\n';
    await readSamples(runDir, (sample) => {
      if (sample.threw) {
        threw++;
        return;
      }
      // The trace may have grown since pass 1 (a run still writing): what was not declared is skipped.
      const fn = points.get(functionKey(sample));
      const ppt = sample.kind === 'ENTER' ? fn?.enterPpt : fn?.exitPpts.get(sample.exitLine ?? 0);
      if (!fn || !ppt) return;
      buffer += recordText(ppt, sample, paramSets.get(fn.key)!);
      samples++;
      if (buffer.length >= FLUSH_CHARS) {
        writeSync(fd, buffer);
        buffer = '';
      }
    });
    if (buffer) writeSync(fd, buffer);
  } finally {
    closeSync(fd);
  }
  return { decls, dtrace, points: ppts.length, samples, threw, truncated: infos.filter((i) => i.truncated).map((i) => i.file), files: infos.length };
}
