// Trace values (runtime/trace-events.ts) as the miner sees them: Daikon's scalar representation
// types (Daikon developer manual, "rep-type"), decided per variable from the values it held.
//
//   number  → int when every value is a safe integer, else double (NaN, ±Infinity included);
//             bigints within 2^53 are ints, larger ones become doubles (approximate)
//   string  → java.lang.String; a string recorded only as length + hash stands for the
//             placeholder `<N chars, fnv1a HASH>` (equal long strings stay equal)
//   boolean → boolean (Daikon stores booleans as 0/1)
//   object / array → hashcode: the identity, unique per run; null and undefined are Java's null
//             (hashcode 0), also for string variables
//   function / symbol → no identity in the trace: missing (Daikon's "nonsensical")
//
// `null`/`undefined` in a number or boolean variable are missing too (Java primitives cannot be
// null, as in the Daikon export); a variable seen only with null/undefined is a hashcode.
import type { TraceValue } from '../runtime/trace-events.js';

/** Value classes, one per sample and variable. */
export const MISSING = 0;
export const NUM = 1;
export const STR = 2;
export const BOOL = 3;
export const REF = 4;
/** null / undefined: a value for REF and STR variables, missing for NUM and BOOL ones. */
export const NULL = 5;
export type ValueClass = typeof MISSING | typeof NUM | typeof STR | typeof BOOL | typeof REF | typeof NULL;

/** JavaScript `typeof` of a value, as a bit (for the derived `typeof(v)` variable). */
export const TYPEOF_NAMES = ['number', 'string', 'boolean', 'object', 'undefined', 'bigint', 'function', 'symbol'] as const;

/** One decoded value: its class, its number (numbers, booleans as 0/1, identities) and its string. */
export interface Decoded {
  cls: ValueClass;
  num: number;
  str: string | null;
  /** Elements of an array value, when the trace captured them. */
  elements?: TraceValue[];
  /** Array length, for `size(a[])`. */
  size?: number;
  /** String length, for `s.length`. */
  length?: number;
  /** Bit of TYPEOF_NAMES. */
  typeofBit: number;
}

const NAN_TEXT: Record<string, number> = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY, '-0': 0 };

/** The placeholder a long (hashed) string stands for — the same text the Daikon export writes. */
export function longStringText(len: number, hash: string): string {
  return `<${len} chars, fnv1a ${hash}>`;
}

/**
 * Decodes `value` into `out` (reused by the caller, so the hot loop allocates nothing). `identityBase`
 * makes object ids unique per process and run (ids restart in every trace file).
 */
export function decodeValue(value: TraceValue | undefined, identityBase: number, out: Decoded): void {
  out.elements = undefined;
  out.size = undefined;
  out.length = undefined;
  out.str = null;
  out.num = 0;
  if (value === undefined) {
    out.cls = MISSING;
    out.typeofBit = 0;
    return;
  }
  if (value === null) {
    out.cls = NULL;
    out.typeofBit = 1 << 3;
    return;
  }
  switch (typeof value) {
    case 'number':
      out.cls = NUM;
      out.num = value;
      out.typeofBit = 1;
      return;
    case 'string':
      out.cls = STR;
      out.str = value;
      out.length = value.length;
      out.typeofBit = 1 << 1;
      return;
    case 'boolean':
      out.cls = BOOL;
      out.num = value ? 1 : 0;
      out.typeofBit = 1 << 2;
      return;
    default:
      break;
  }
  switch (value.$) {
    case 'undefined':
      out.cls = NULL;
      out.typeofBit = 1 << 4;
      return;
    case 'number':
      out.cls = NUM;
      out.num = NAN_TEXT[value.v] ?? Number.NaN;
      out.typeofBit = 1;
      return;
    case 'bigint': {
      out.cls = NUM;
      const n = Number(value.v);
      out.num = Number.isNaN(n) ? Number.NaN : n;
      out.typeofBit = 1 << 5;
      return;
    }
    case 'string':
      out.cls = STR;
      out.str = longStringText(value.len, value.hash);
      out.length = value.len;
      out.typeofBit = 1 << 1;
      return;
    case 'object':
      out.cls = REF;
      out.num = identityBase + value.id;
      out.typeofBit = 1 << 3;
      return;
    case 'array':
      out.cls = REF;
      out.num = identityBase + value.id;
      out.size = value.len;
      out.elements = value.el;
      out.typeofBit = 1 << 3;
      return;
    case 'function':
      out.cls = MISSING;
      out.typeofBit = 1 << 6;
      return;
    case 'symbol':
      out.cls = MISSING;
      out.typeofBit = 1 << 7;
      return;
    default:
      out.cls = MISSING;
      out.typeofBit = 0;
  }
}

/** A JavaScript rendering of a decoded value, for variables whose values are of several kinds
 *  (the Daikon export's rule): numbers and booleans bare, strings JSON-quoted, objects `#id`. */
export function mixedKey(d: Decoded): string | null {
  switch (d.cls) {
    case NUM:
      return Object.is(d.num, -0) ? '0' : String(d.num);
    case BOOL:
      return d.num ? 'true' : 'false';
    case STR:
      return JSON.stringify(d.str);
    case REF:
      return `#${d.num}`;
    default:
      return null;
  }
}

/** Java's Double.toString, which Daikon uses for doubles: `1.0`, `0.05`, `1.0E-5`, `1.5E10`. */
export function javaDouble(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Number.POSITIVE_INFINITY) return 'Infinity';
  if (x === Number.NEGATIVE_INFINITY) return '-Infinity';
  const abs = Math.abs(x);
  if (abs === 0) return '0.0';
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(x);
    return Number.isInteger(x) ? `${s}.0` : s;
  }
  const [mantissa, exponent] = x.toExponential().split('e');
  const m = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${m}E${exponent.startsWith('+') ? exponent.slice(1) : exponent}`;
}

/** Daikon's printing of an int constant (a `L` suffix past 32 bits, as OneOfScalar does). */
export function javaLong(x: number): string {
  return x >= -2147483648 && x <= 2147483647 ? String(x) : `${x}L`;
}

/** Java's string literal escaping (Daikon prints strings with it). */
export function javaString(text: string): string {
  return JSON.stringify(text);
}
