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
  return lookUp(object, key).value;
}

/** Whether reading `object[key]` plainly would run no user code: the property is absent or a data
 *  property, with no Proxy on the way. */
export function isPlainData(object: object, key: PropertyKey): boolean {
  return lookUp(object, key).plain;
}

function lookUp(object: object, key: PropertyKey): { value: unknown; plain: boolean } {
  let o: object | null = object;
  for (let i = 0; o !== null && i < 100; i++) {
    if (types.isProxy(o)) return { value: undefined, plain: false };
    let descriptor: PropertyDescriptor | undefined;
    try {
      descriptor = Object.getOwnPropertyDescriptor(o, key);
    } catch {
      return { value: undefined, plain: false }; // e.g. a module namespace binding still in its TDZ
    }
    if (descriptor) return 'value' in descriptor ? { value: descriptor.value, plain: true } : { value: undefined, plain: false };
    o = Reflect.getPrototypeOf(o);
  }
  return { value: undefined, plain: true };
}

/** The value of `object[key]` as a trace value, when reading it runs no user code (a data
 *  property, or none: undefined); else undefined (the event then has no `v`). */
export function peekValue(object: object, key: PropertyKey): TraceValue | undefined {
  const found = lookUp(object, key);
  return found.plain ? encodeScalar(found.value, false) : undefined;
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
 *  scalars, and ENTER/EXIT capture several per call (issue 33: GC pressure). */
export function captureInto(vars: TraceVars, prefix: string, value: unknown, depth: number, seen?: Set<object>): void {
  // Counted once per top-level capture, not per variable (Object.keys per variable was quadratic).
  const count = { n: Object.keys(vars).length };
  capture(vars, count, prefix, value, depth, seen);
}

function capture(vars: TraceVars, count: { n: number }, prefix: string, value: unknown, depth: number, seen: Set<object> | undefined): Set<object> | undefined {
  if (count.n >= MAX_VARS) return seen;
  vars[prefix] = encodeScalar(value);
  count.n++;
  if (depth <= 0 || value === null || (typeof value !== 'object' && typeof value !== 'function')) return seen;
  // isProxy first: Array.isArray throws on a revoked Proxy (transparency suite).
  if (typeof value === 'function' || types.isProxy(value) || Array.isArray(value) || types.isMap(value) || types.isSet(value)) return seen;
  if (types.isPromise(value) || types.isDate(value) || types.isRegExp(value) || ArrayBuffer.isView(value)) return seen;
  if (seen?.has(value)) return seen;
  (seen ??= new Set()).add(value);
  let keys: (string | symbol)[];
  try {
    keys = Reflect.ownKeys(value);
  } catch {
    return seen;
  }
  let fields = 0;
  for (const key of keys) {
    // `stack` (of errors, or of any object given Error.captureStackTrace) is formatted on first
    // access — even through getOwnPropertyDescriptor — and formatting runs user code (name and
    // message getters, Error.prepareStackTrace); a getter that is itself instrumented recursed
    // (transparency suite). It is no useful invariant variable anyway.
    if (typeof key !== 'string' || key === 'stack') continue;
    if (fields++ >= MAX_FIELDS_PER_OBJECT) break;
    let descriptor: PropertyDescriptor | undefined;
    try {
      descriptor = Object.getOwnPropertyDescriptor(value, key);
    } catch {
      continue;
    }
    if (!descriptor || !('value' in descriptor)) continue; // an accessor: never call it
    seen = capture(vars, count, `${prefix}.${key}`, descriptor.value, depth - 1, seen);
  }
  return seen;
}
