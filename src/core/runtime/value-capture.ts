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
let nextObjectId = 1;

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

const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, 'size')!.get!;
const setSize = Object.getOwnPropertyDescriptor(Set.prototype, 'size')!.get!;

function classNameOf(value: object): string {
  // The prototype chain is read with intrinsics, never through getters of the object itself.
  try {
    const proto = Reflect.getPrototypeOf(value);
    if (proto === null) return 'Object';
    const ctor = Object.getOwnPropertyDescriptor(proto, 'constructor');
    const fn = ctor && 'value' in ctor ? ctor.value : undefined;
    return typeof fn === 'function' && typeof fn.name === 'string' && fn.name ? fn.name : 'Object';
  } catch {
    return 'Object';
  }
}

/** One value, not descending into objects (their fields are separate variables). */
export function encodeScalar(value: unknown): TraceValue {
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
    case 'function':
      return { $: 'function', name: typeof value.name === 'string' ? value.name : '' };
    default:
      break;
  }
  if (value === null) return null;
  const object = value as object;
  if (types.isProxy(object)) return { $: 'object', id: identityOf(object), cls: 'Proxy' };
  if (Array.isArray(object)) return encodeArray(object);
  if (types.isMap(object)) return { $: 'object', id: identityOf(object), cls: 'Map', size: mapSize.call(object) as number };
  if (types.isSet(object)) return { $: 'object', id: identityOf(object), cls: 'Set', size: setSize.call(object) as number };
  return { $: 'object', id: identityOf(object), cls: classNameOf(object) };
}

function encodeArray(array: unknown[]): TraceValue {
  const lengthDescriptor = Object.getOwnPropertyDescriptor(array, 'length');
  const len = lengthDescriptor && typeof lengthDescriptor.value === 'number' ? lengthDescriptor.value : 0;
  const out: { $: 'array'; id: number; len: number; el?: TraceValue[]; hash?: string } = { $: 'array', id: identityOf(array), len };
  if (len <= MAX_ARRAY_ELEMENTS) {
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

/** Adds `prefix` and, for plain data objects, `prefix.field` variables down to `depth` levels. */
export function captureInto(vars: TraceVars, prefix: string, value: unknown, depth: number, seen: Set<object>): void {
  if (Object.keys(vars).length >= MAX_VARS) return;
  vars[prefix] = encodeScalar(value);
  if (depth <= 0 || value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
  if (typeof value === 'function' || Array.isArray(value) || types.isProxy(value) || types.isMap(value) || types.isSet(value)) return;
  if (types.isPromise(value) || types.isDate(value) || types.isRegExp(value) || ArrayBuffer.isView(value)) return;
  if (seen.has(value)) return;
  seen.add(value);
  let keys: (string | symbol)[];
  try {
    keys = Reflect.ownKeys(value);
  } catch {
    return;
  }
  let count = 0;
  for (const key of keys) {
    if (typeof key !== 'string') continue;
    if (count++ >= MAX_FIELDS_PER_OBJECT) break;
    let descriptor: PropertyDescriptor | undefined;
    try {
      descriptor = Object.getOwnPropertyDescriptor(value, key);
    } catch {
      continue;
    }
    if (!descriptor || !('value' in descriptor)) continue; // an accessor: never call it
    captureInto(vars, `${prefix}.${key}`, descriptor.value, depth - 1, seen);
  }
}
