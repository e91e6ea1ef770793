// Capturing run-time values as Daikon-like scalars without disturbing the program: no getter is
// ever called (own data properties only), Proxies are never looked into (that would run traps),
// cycles and depth are bounded, long strings and arrays become length + hash.
import { types } from 'node:util';
import type { TraceValue, TraceVars } from './trace-events.js';

const MAX_STRING = 64;
const MAX_ARRAY_ELEMENTS = 16;
const MAX_FIELDS_PER_OBJECT = 32;
const MAX_VARS = 256;

const objectIds = new WeakMap<object, number>();
/** Object id 0 is "the outside world": files, directories and ports (resources.ts). */
export const OUTSIDE_WORLD = 0;
let nextObjectId = OUTSIDE_WORLD + 1;

export function identityOf(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) {
    id = nextObjectId++;
    objectIds.set(value, id);
  }
  return id;
}

/** FNV-1a, 32 bits, hex: stable across runs, cheap, enough to tell values apart. */
export function hashString(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** A property's value as stored, without running user code: own or inherited *data* properties
 *  only (an accessor is never called), and never through a Proxy (no trap runs). Used for the few
 *  properties we need to read off user objects (a function's name, an error's name/message, a
 *  lock's methods) — a plain `o.p` there ran user getters, and `static get name()` recursed
 *  through ENTER forever (transparency suite). */
export function peekProperty(object: object, key: PropertyKey): unknown {
  return lookUp(object, key) ? lookedUp : undefined;
}

/** Whether reading `object[key]` plainly would run no user code: the property is absent or a data
 *  property, with no Proxy on the way. */
export function isPlainData(object: object, key: PropertyKey): boolean {
  return lookUp(object, key);
}

/** The value lookUp found (undefined when it found none or returned false): a variable, not a
 *  result object, as every field read looks one up (issue 33: GC pressure). */
let lookedUp: unknown;

/** Whether reading `object[key]` runs no user code; the value it reads is left in lookedUp. */
function lookUp(object: object, key: PropertyKey): boolean {
  lookedUp = undefined;
  let o: object | null = object;
  for (let i = 0; o !== null && i < 100; i++) {
    // An object found ordinary is no Proxy: one WeakSet lookup instead of a native call.
    if (!ordinary.has(o) && types.isProxy(o)) return false;
    let descriptor: PropertyDescriptor | undefined;
    try {
      descriptor = Object.getOwnPropertyDescriptor(o, key);
    } catch {
      return false; // e.g. a module namespace binding still in its TDZ
    }
    if (descriptor) {
      if (!('value' in descriptor)) return false;
      lookedUp = descriptor.value;
      return true;
    }
    o = Reflect.getPrototypeOf(o);
  }
  return true;
}

/** The value of `object[key]` as a trace value, when reading it runs no user code (a data
 *  property, or none: undefined); else undefined (the event then has no `v`). */
export function peekValue(object: object, key: PropertyKey): TraceValue | undefined {
  return lookUp(object, key) ? encodeScalar(lookedUp, false) : undefined;
}

/** peekValue's JSON text (scalarText). */
export function peekValueText(object: object, key: PropertyKey): string | undefined {
  return lookUp(object, key) ? scalarText(lookedUp, false) : undefined;
}

/** Array.isArray without throwing: it throws on a revoked Proxy. */
export function isArraySafe(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, 'size')!.get!;
const setSize = Object.getOwnPropertyDescriptor(Set.prototype, 'size')!.get!;
// The intrinsics: a subclass's override (user code) never runs when we read a collection.
const mapGet = Map.prototype.get;
const mapHas = Map.prototype.has;
const setHas = Set.prototype.has;

/** An Array, Map or Set (also a Proxy of an Array: Array.isArray sees through it, no trap runs). */
export function isCollection(value: object): boolean {
  return isArraySafe(value) || types.isMap(value) || types.isSet(value);
}

/** A collection's size or length, read without user code (a Proxy's: undefined). */
export function sizeOf(collection: object): TraceValue | undefined {
  if (types.isMap(collection)) return mapSize.call(collection) as number;
  if (types.isSet(collection)) return setSize.call(collection) as number;
  if (types.isProxy(collection)) return undefined;
  const length = Object.getOwnPropertyDescriptor(collection, 'length');
  return length && typeof length.value === 'number' ? length.value : undefined;
}

/** What a keyed read of a collection returns — `map.get(k)`, `map.has(k)`, `set.has(k)`,
 *  `a[i]`, `a.at(i)` — read with the intrinsics (no getter, trap or override runs); undefined
 *  for other reads or keys. */
export function elementValue(collection: object, method: string, key: unknown): TraceValue | undefined {
  if (types.isMap(collection)) {
    if (method === 'get') return encodeScalar(mapGet.call(collection, key), false);
    return method === 'has' ? (mapHas.call(collection, key) as boolean) : undefined;
  }
  if (types.isSet(collection)) return method === 'has' ? (setHas.call(collection, key) as boolean) : undefined;
  if ((method !== '[]' && method !== 'at') || types.isProxy(collection)) return undefined;
  let index = typeof key === 'number' ? key : typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key) ? Number(key) : undefined;
  if (index === undefined || !Number.isInteger(index)) return undefined;
  if (method === 'at' && index < 0) index += (sizeOf(collection) as number | undefined) ?? 0;
  const element = Object.getOwnPropertyDescriptor(collection, index);
  if (!element) return { $: 'undefined' }; // a hole, or past the end
  return 'value' in element ? encodeScalar(element.value, false) : undefined;
}

/** A prototype's class name, found once: every ENTER and EXIT names `this`'s class (issue 33). */
const classNames = new WeakMap<object, string>();

function classNameOf(value: object): string {
  // The prototype chain is read with intrinsics, never through getters of the object itself.
  let proto: object | null;
  try {
    proto = Reflect.getPrototypeOf(value);
  } catch {
    return 'Object';
  }
  if (proto === null) return 'Object';
  let name = classNames.get(proto);
  if (name === undefined) classNames.set(proto, (name = classOfPrototype(proto)));
  return name;
}

function classOfPrototype(proto: object): string {
  try {
    // A Proxy as prototype would run its getOwnPropertyDescriptor trap.
    if (types.isProxy(proto)) return 'Object';
    const ctor = Object.getOwnPropertyDescriptor(proto, 'constructor');
    const fn = ctor && 'value' in ctor ? ctor.value : undefined;
    if (typeof fn !== 'function' || types.isProxy(fn)) return 'Object';
    // Not `fn.name`: a class may define `static get name()` (user code, and it may recurse).
    const name = peekProperty(fn, 'name');
    return typeof name === 'string' && name ? name : 'Object';
  } catch {
    return 'Object';
  }
}

/** One value, not descending into objects (their fields are separate variables). `elements`:
 *  an array's first elements too (variables); not for access events, which want it cheap. */
export function encodeScalar(value: unknown, elements = true): TraceValue {
  switch (typeof value) {
    case 'number':
      if (Number.isFinite(value)) return Object.is(value, -0) ? { $: 'number', v: '-0' } : value;
      return { $: 'number', v: Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity' };
    case 'string':
      return value.length <= MAX_STRING ? value : { $: 'string', len: value.length, hash: hashString(value) };
    case 'boolean':
      return value;
    case 'undefined':
      return { $: 'undefined' };
    case 'bigint':
      return { $: 'bigint', v: value.toString() };
    case 'symbol':
      return { $: 'symbol', v: value.description ?? '' };
    case 'function': {
      // A proxied function is a Proxy (reading its name would run the `get` trap); a class may
      // define `static get name()`: read the name without calling anything.
      if (types.isProxy(value)) return { $: 'object', id: identityOf(value), cls: 'Proxy' };
      const name = peekProperty(value, 'name');
      return { $: 'function', name: typeof name === 'string' ? name : '' };
    }
    default:
      break;
  }
  if (value === null) return null;
  const object = value as object;
  if (types.isProxy(object)) return { $: 'object', id: identityOf(object), cls: 'Proxy' };
  if (Array.isArray(object)) return encodeArray(object, elements);
  if (types.isMap(object)) return { $: 'object', id: identityOf(object), cls: 'Map', size: mapSize.call(object) as number };
  if (types.isSet(object)) return { $: 'object', id: identityOf(object), cls: 'Set', size: setSize.call(object) as number };
  return { $: 'object', id: identityOf(object), cls: classNameOf(object) };
}

function encodeArray(array: unknown[], elements: boolean): TraceValue {
  const lengthDescriptor = Object.getOwnPropertyDescriptor(array, 'length');
  const len = lengthDescriptor && typeof lengthDescriptor.value === 'number' ? lengthDescriptor.value : 0;
  const out: { $: 'array'; id: number; len: number; el?: TraceValue[]; hash?: string } = { $: 'array', id: identityOf(array), len };
  if (elements && len <= MAX_ARRAY_ELEMENTS) {
    const el: TraceValue[] = [];
    for (let i = 0; i < len; i++) {
      const d = Object.getOwnPropertyDescriptor(array, i);
      const v = d && 'value' in d ? d.value : undefined;
      // Sequences of scalars only (Daikon's sequence variables); nested objects by identity.
      el.push(encodeScalar(v));
    }
    out.el = el;
  }
  return out;
}

/** Adds `prefix` and, for plain data objects, `prefix.field` variables down to `depth` levels.
 *  `seen` (the objects already descended into) is made when first needed: most values are
 *  scalars, and ENTER/EXIT capture several per call (issue 33: GC pressure). The same walk as
 *  captureText below, into an object (tests, and the rare `exc` event). */
export function captureInto(vars: TraceVars, prefix: string, value: unknown, depth: number, seen?: Set<object>): void {
  // Counted once per top-level capture, not per variable (Object.keys per variable was quadratic).
  const count = { n: Object.keys(vars).length };
  capture(vars, count, prefix, value, depth, seen);
}

function capture(vars: TraceVars, count: { n: number }, prefix: string, value: unknown, depth: number, seen: Set<object> | undefined): Set<object> | undefined {
  if (count.n >= MAX_VARS) return seen;
  vars[prefix] = encodeScalar(value);
  count.n++;
  if (!followable(value, depth) || seen?.has(value)) return seen;
  const keys = ownKeysOf(value);
  if (keys === undefined) return seen;
  (seen ??= new Set()).add(value);
  let fields = 0;
  for (const key of keys) {
    if (key === 'stack') continue;
    if (fields++ >= MAX_FIELDS_PER_OBJECT) break;
    const descriptor = dataDescriptor(value, key);
    if (descriptor) seen = capture(vars, count, `${prefix}.${key}`, descriptor.value, depth - 1, seen);
  }
  return seen;
}

/** Whether a capture descends into `value`'s fields: not a scalar, depth left, not an object
 *  captured whole (function, Proxy, collection, promise, date, …). */
function followable(value: unknown, depth: number): value is object {
  if (depth <= 0 || value === null || typeof value !== 'object') return false;
  return isOrdinary(value);
}

/** Objects found to be ordinary: not a Proxy, array, collection, promise, date, regexp or view.
 *  What an object is never changes, and `this` is captured at every ENTER and EXIT: one lookup
 *  instead of eight type checks (issue 33). */
const ordinary = new WeakSet<object>();

function isOrdinary(value: object): boolean {
  if (ordinary.has(value)) return true;
  // isProxy first: Array.isArray throws on a revoked Proxy (transparency suite).
  if (types.isProxy(value) || Array.isArray(value) || types.isMap(value) || types.isSet(value)) return false;
  if (types.isPromise(value) || types.isDate(value) || types.isRegExp(value) || ArrayBuffer.isView(value)) return false;
  // Only an object that passed the checks above was ever found wide (ownKeysOf).
  if (wide.has(value)) return false;
  ordinary.add(value);
  return true;
}

/** An object with this many own keys or more is a table (an `Object.create(null)` symbol table, a
 *  cache keyed by data), not a record: its fields are not captured — its first 32 keys were no
 *  invariant variables anyway — and once found wide it stays wide (no longer `ordinary`, so
 *  followable() turns it down with no key listing): listing the keys of tables of thousands at
 *  every ENTER and EXIT was a quarter of a traced static analysis (issue 33). */
const WIDE = 256;
const wide = new WeakSet<object>();

/** A followable object's own string keys, in Reflect.ownKeys order (the spec's
 *  GetOwnPropertyKeys(O, string) is [[OwnPropertyKeys]] with the symbols left out, and a capture
 *  skips the symbols). No user code runs either way for an object that is not a Proxy
 *  (followable() leaves Proxies out); V8 answers getOwnPropertyNames from the object's map, ~10×
 *  faster than Reflect.ownKeys, which was the largest part of capturing `this` at every ENTER and
 *  EXIT (issue 33). Undefined for none: a wide table, or a throw. */
function ownKeysOf(value: object): string[] | undefined {
  try {
    const keys = Object.getOwnPropertyNames(value);
    if (keys.length < WIDE) return keys;
    ordinary.delete(value);
    wide.add(value);
    return undefined;
  } catch {
    return undefined;
  }
}

/** A field's descriptor when it is a data property (an accessor is never called). `stack` is
 *  skipped by the callers: it is formatted on first access — even through
 *  getOwnPropertyDescriptor — and formatting runs user code (name and message getters,
 *  Error.prepareStackTrace); a getter that is itself instrumented recursed (transparency suite).
 *  It is no useful invariant variable anyway. */
function dataDescriptor(value: object, key: string): PropertyDescriptor | undefined {
  let descriptor: PropertyDescriptor | undefined;
  try {
    descriptor = Object.getOwnPropertyDescriptor(value, key);
  } catch {
    return undefined;
  }
  return descriptor && 'value' in descriptor ? descriptor : undefined;
}

// ---- variables as JSON text (issue 33) -------------------------------------------------------
// ENTER and EXIT capture their variables straight into the JSON text of the event's `v`: no
// variables object (it went to dictionary mode, and JSON.stringify of it was a sixth of a traced
// run of 10^6 events) and no value objects for the common scalars and class instances. The text
// parses to what captureInto builds: the same keys in the same order, a repeated key's last value.
// One capture at a time: capturing runs no user code, so nothing can start another in between.

let varsOut = '';
let varsCount = 0;

/** Starts the variables of one event. */
export function beginVars(): void {
  varsOut = '';
  varsCount = 0;
}

/** Adds the variable `key` names (varKeyOf) and its fields, as captureInto does. */
export function addVars(key: VarKey, value: unknown, depth: number): void {
  forgetSeen();
  captureText(key, value, depth);
}

/** The variables' JSON text (`{}` for none). */
export function endVars(): string {
  return `{${endVarsBody()}}`;
}

/** endVars without the braces: the trace line adds them with its own text (one piece fewer). */
export function endVarsBody(): string {
  const text = varsOut;
  varsOut = '';
  forgetSeen();
  return text;
}

/** A variable's name, its key text `"name":` and the key text after a comma `,"name":`. The texts
 *  are kept flat: a line is a rope until the trace writer flattens it, and flattening costs per
 *  piece — a kept string made with `+` or a template stays a rope of its parts in every line it
 *  goes into (issue 33). `join` copies into one flat string. */
export type VarKey = [name: string, keyText: string, nextKeyText: string, fields?: Map<string, VarKey>];

export function varKeyOf(name: string): VarKey {
  const json = JSON.stringify(name);
  return [name, [json, ':'].join(''), [',', json, ':'].join('')];
}

/** Field VarKeys kept, in their parents' `fields`: the same few variables are captured at every
 *  ENTER and EXIT (bounded: field names may be data, as a dictionary object's keys). */
let fieldNameCount = 0;

/** `parent.key`'s VarKey. */
function fieldName(parent: VarKey, key: string): VarKey {
  let field = parent[3]?.get(key);
  if (field === undefined) {
    field = varKeyOf(`${parent[0]}.${key}`);
    if (fieldNameCount < 16384) {
      (parent[3] ??= new Map()).set(key, field);
      fieldNameCount++;
    }
  }
  return field;
}

/** The objects one addVars has descended into: a short list, not a Set (a capture descends into a
 *  few objects, depth 2 by default), kept across captures (one capture at a time) and emptied by
 *  addVars: no allocation per capture. */
const seenList: (object | undefined)[] = [];
let seenCount = 0;

/** Empties the list: no captured object is kept alive past its event. */
function forgetSeen(): void {
  while (seenCount > 0) seenList[--seenCount] = undefined;
}

function isSeen(value: object): boolean {
  for (let i = 0; i < seenCount; i++) if (seenList[i] === value) return true;
  return false;
}

function captureText(key: VarKey, value: unknown, depth: number): void {
  if (varsCount >= MAX_VARS) return;
  // The key and its value joined first: V8 copies a string under 13 characters (`,"n":5`) instead
  // of linking its two parts, one piece fewer for the trace writer to flatten (issue 33).
  if (varsOut === '') varsOut = key[1] + scalarText(value, true);
  else varsOut = varsOut + (key[2] + scalarText(value, true));
  varsCount++;
  if (!followable(value, depth) || isSeen(value)) return;
  const keys = ownKeysOf(value);
  if (keys === undefined) return;
  seenList[seenCount++] = value;
  let fields = 0;
  for (let i = 0; i < keys.length; i++) {
    const field = keys[i];
    if (field === 'stack') continue;
    if (fields++ >= MAX_FIELDS_PER_OBJECT) break;
    const descriptor = dataDescriptor(value, field);
    if (descriptor) captureText(fieldName(key, field), descriptor.value, depth - 1);
  }
}

/** A prototype's `,"cls":"Name"}` tail of an object value's JSON, found once per prototype. */
const classTails = new WeakMap<object, string>();
/** An object's whole JSON text, kept with the prototype it was made for (`this` is captured at
 *  every ENTER and EXIT: one lookup and one string instead of three; issue 33). */
const objectTexts = new WeakMap<object, { proto: object; text: string }>();

/** The JSON text of encodeScalar(value, elements), written directly for numbers, short strings,
 *  booleans, null and class instances (the values of nearly every variable and field access). */
export function scalarText(value: unknown, elements: boolean): string {
  switch (typeof value) {
    case 'number':
      if (Number.isFinite(value) && !Object.is(value, -0)) return `${value}`;
      break;
    case 'string':
      if (value.length <= MAX_STRING) return JSON.stringify(value);
      break;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return '{"$":"undefined"}';
    case 'object': {
      if (value === null) return 'null';
      // An object with a text kept passed the checks below (no Proxy: its prototype is read with
      // no trap): one lookup for `this` at every ENTER and EXIT (issue 33).
      const known = objectTexts.get(value);
      if (known !== undefined && known.proto === Reflect.getPrototypeOf(value)) return known.text;
      if (!ordinary.has(value) && (types.isProxy(value) || Array.isArray(value) || types.isMap(value) || types.isSet(value))) break;
      let proto: object | null;
      try {
        proto = Reflect.getPrototypeOf(value);
      } catch {
        break;
      }
      if (proto === null) break;
      let tail = classTails.get(proto);
      // Flat (join), as VarKey's texts: `this` goes into two lines of every call.
      if (tail === undefined) classTails.set(proto, (tail = [',"cls":', JSON.stringify(classNameOf(value)), '}'].join('')));
      const text = ['{"$":"object","id":', identityOf(value), tail].join('');
      objectTexts.set(value, { proto, text });
      return text;
    }
    default:
      break;
  }
  return JSON.stringify(encodeScalar(value, elements));
}
