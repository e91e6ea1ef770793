// Unary templates over one variable, all kept in one incremental state per variable so a sample
// costs one call: OneOfScalar / OneOfFloat / OneOfString (at most 3 values, Daikon's
// OneOfScalar.dkconfig_size), LowerBound / UpperBound (+Float), NonZero (+Float; `x != null` for
// identities), Modulus, and for arrays with captured elements EltLowerBound / EltUpperBound and
// "sorted" (EltwiseIntLessEqual / EltwiseIntGreaterEqual). Confidence: confidence.ts.
import { boundConfidence, modulusConfidence, nonZeroConfidence, type BoundStats } from '../confidence.js';
import type { TraceValue } from '../../runtime/trace-events.js';
import { BOOL, NULL, NUM, REF, STR, javaDouble, javaLong, javaString, mixedKey, type Decoded, type ValueClass } from '../values.js';
import { uninterestingNumber, type Candidate, type VarType } from './candidate.js';

/** OneOfScalar.dkconfig_size. */
export const ONE_OF_SIZE = 3;

type Key = number | string | null;

/** Three smallest (or largest) values with their counts, as LowerBoundCore keeps them. */
class Extremes {
  v1 = Number.NaN;
  n1 = 0;
  v2 = Number.NaN;
  n2 = 0;
  v3 = Number.NaN;
  n3 = 0;
  /** `before(a, b)`: a lies farther out than b. */
  constructor(private readonly lower: boolean) {}
  add(v: number): void {
    const out = (a: number, b: number) => Number.isNaN(b) || (this.lower ? a < b : a > b);
    if (v === this.v1) this.n1++;
    else if (out(v, this.v1)) {
      this.v3 = this.v2;
      this.n3 = this.n2;
      this.v2 = this.v1;
      this.n2 = this.n1;
      this.v1 = v;
      this.n1 = 1;
    } else if (v === this.v2) this.n2++;
    else if (out(v, this.v2)) {
      this.v3 = this.v2;
      this.n3 = this.n2;
      this.v2 = v;
      this.n2 = 1;
    } else if (v === this.v3) this.n3++;
    else if (out(v, this.v3)) {
      this.v3 = v;
      this.n3 = 1;
    }
  }
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Element templates of an array variable (Daikon's EltLowerBound, EltUpperBound, Eltwise…). */
class ElementState {
  arrays = 0;
  /** Set when an element is not a finite number (strings, objects, NaN…): no element templates. */
  dead = false;
  nonInt = false;
  lower = new Extremes(true);
  upper = new Extremes(false);
  elements = 0;
  ascending = true;
  descending = true;
  /** Arrays with at least two elements (sortedness says something only about those). */
  longArrays = 0;

  add(elements: TraceValue[]): void {
    if (this.dead) return;
    this.arrays++;
    let prev = Number.NaN;
    for (const e of elements) {
      if (typeof e !== 'number' || !Number.isFinite(e)) {
        this.dead = true;
        return;
      }
      if (!Number.isSafeInteger(e)) this.nonInt = true;
      this.elements++;
      this.lower.add(e);
      this.upper.add(e);
      if (!Number.isNaN(prev)) {
        if (e < prev) this.ascending = false;
        if (e > prev) this.descending = false;
      }
      prev = e;
    }
    if (elements.length >= 2) this.longArrays++;
  }
}

/** Everything the unary templates need about one variable of one program point. */
export class VarState {
  /** Value class once known (REF while only null/undefined was seen, with `nullOnly`). */
  cls: ValueClass | 0 = 0;
  nullOnly = false;
  /** Values of more than one class: only OneOfString over JavaScript renderings remains. */
  mixed = false;
  samples = 0;
  nonInt = false;
  nan = false;
  infinite = false;
  zero = false;
  nullSeen = false;
  min = Number.POSITIVE_INFINITY;
  max = Number.NEGATIVE_INFINITY;
  oneOf: Key[] = [];
  oneOfOverflow = false;
  lower = new Extremes(true);
  upper = new Extremes(false);
  /** Modulus: the first value, and the gcd of every value's distance to it. */
  modFirst = Number.NaN;
  modGcd = 0;
  typeofBits = 0;
  elements?: ElementState;

  constructor(
    readonly name: string,
    readonly index: number,
    /** An orig(…) variable (the ENTER value at an EXIT point). */
    readonly orig: boolean,
    /** A derived variable (size(a[]), s.length). */
    readonly derived: boolean,
    /** For a derived variable: the variable it is derived from, and how. */
    readonly base = -1,
    readonly derivation: 'size' | 'length' | '' = '',
  ) {}

  /** The representation type at the end (values.ts). */
  type(): VarType {
    if (this.mixed) return 'mixed';
    switch (this.cls) {
      case NUM:
        return this.nonInt || this.nan || this.infinite ? 'double' : 'int';
      case STR:
        return 'string';
      case BOOL:
        return 'boolean';
      case REF:
        return 'hashcode';
      default:
        return 'none';
    }
  }

  /** A key of the value for OneOf and equality: numbers, booleans as 0/1, identities; strings. */
  private addKey(key: Key): void {
    if (this.oneOfOverflow) return;
    for (const k of this.oneOf) if (k === key || (typeof k === 'number' && typeof key === 'number' && Number.isNaN(k) && Number.isNaN(key))) return;
    if (this.oneOf.length >= ONE_OF_SIZE) {
      this.oneOfOverflow = true;
      this.oneOf = [];
    } else this.oneOf.push(key);
  }

  private becomeMixed(): void {
    this.mixed = true;
    const renderings: Key[] = [];
    for (const k of this.oneOf) {
      if (k === null) renderings.push(null);
      else if (this.cls === STR) renderings.push(JSON.stringify(k));
      else if (this.cls === BOOL) renderings.push(k ? 'true' : 'false');
      else if (this.cls === REF) renderings.push(`#${k}`);
      else renderings.push(String(k));
    }
    this.oneOf = renderings;
    this.elements = undefined;
  }

  /**
   * Adds one sample's value. Returns 'skip' when the value is missing for this variable (null in a
   * number variable), 'reclass' when the variable's class was just decided or changed (the point
   * rebuilds its pairs), else 'ok'.
   */
  add(d: Decoded): 'ok' | 'skip' | 'reclass' {
    this.typeofBits |= d.typeofBit;
    let result: 'ok' | 'reclass' = 'ok';
    const cls = d.cls;
    if (cls === 0) return 'skip';
    if (this.mixed) {
      this.samples++;
      this.addKey(cls === NULL ? null : mixedKey(d));
      return 'ok';
    }
    if (cls === NULL) {
      if (this.cls === 0) {
        this.cls = REF;
        this.nullOnly = true;
        result = 'reclass';
      } else if (this.cls === NUM || this.cls === BOOL) return 'skip';
      this.samples++;
      this.nullSeen = true;
      this.zero = true;
      this.addKey(this.cls === STR ? null : 0);
      this.min = Math.min(this.min, 0);
      this.max = Math.max(this.max, 0);
      return result;
    }
    if (this.cls !== cls) {
      if (this.cls === 0) {
        this.cls = cls;
        result = 'reclass';
      } else if (this.cls === REF && this.nullOnly) {
        // Only null so far: the class is decided now. Nulls stay values for strings and
        // identities; for numbers and booleans they were missing, so start over.
        if (cls === NUM || cls === BOOL) this.reset();
        else if (cls === STR) this.oneOf = this.oneOf.map(() => null);
        this.cls = cls;
        result = 'reclass';
      } else {
        this.becomeMixed();
        this.samples++;
        this.addKey(mixedKey(d));
        return 'reclass';
      }
    }
    if (cls === REF) this.nullOnly = false;
    this.samples++;
    if (cls === STR) {
      this.addKey(d.str);
      return result;
    }
    const v = d.num;
    this.addKey(v);
    if (cls !== NUM) {
      // booleans and identities: only OneOf, NonZero (identities) and equality
      if (v === 0) this.zero = true;
      this.min = Math.min(this.min, v);
      this.max = Math.max(this.max, v);
      if (d.elements && cls === REF) (this.elements ??= new ElementState()).add(d.elements);
      return result;
    }
    if (Number.isNaN(v)) {
      this.nan = true;
      return result;
    }
    if (!Number.isFinite(v)) this.infinite = true;
    else if (!Number.isSafeInteger(v)) this.nonInt = true;
    if (v === 0) this.zero = true;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
    this.lower.add(v);
    this.upper.add(v);
    if (Number.isNaN(this.modFirst)) this.modFirst = v;
    else if (Number.isSafeInteger(v) && Number.isSafeInteger(this.modFirst)) this.modGcd = gcd(this.modGcd, v - this.modFirst);
    return result;
  }

  private reset(): void {
    this.samples = 0;
    this.oneOf = [];
    this.oneOfOverflow = false;
    this.zero = false;
    this.nullSeen = false;
    this.min = Number.POSITIVE_INFINITY;
    this.max = Number.NEGATIVE_INFINITY;
  }

  /** A constant: one value in every sample (Daikon's dynamic constants). */
  isConstant(): boolean {
    return this.samples > 0 && !this.oneOfOverflow && this.oneOf.length === 1;
  }

  /** The unary candidates (text uses `name`, the printed variable name). */
  candidates(name: string, withModulus = true): Candidate[] {
    const out: Candidate[] = [];
    if (this.samples === 0) return out;
    const type = this.type();
    const one = (kind: string, text: string, params: Candidate['params'], confidence: number, extra: Partial<Candidate> = {}) =>
      out.push({ vars: [this.index], kind, text, params, samples: this.samples, confidence, enough: true, ...extra });

    // OneOf (Daikon: OneOfScalar for ints, booleans and hashcodes; OneOfFloat; OneOfString).
    const oneOfHolds = !this.oneOfOverflow && this.oneOf.length > 0 && !(type === 'boolean' && this.oneOf.length > 1) && !(type === 'hashcode' && this.oneOf.filter((k) => k !== 0).length > 1);
    if (oneOfHolds) {
      const sorted = [...this.oneOf].sort(compareKeys);
      let text: string;
      let kind = 'OneOfScalar';
      let confidence = 1;
      let uninteresting = false;
      switch (type) {
        case 'int':
          text = sorted.length === 1 ? `${name} == ${javaLong(sorted[0] as number)}` : `${name} one of { ${sorted.map((k) => javaLong(k as number)).join(', ')} }`;
          uninteresting = sorted.some((k) => uninterestingNumber(k as number));
          break;
        case 'double':
          kind = 'OneOfFloat';
          text = sorted.length === 1 ? `${name} == ${javaDouble(sorted[0] as number)}` : `${name} one of { ${sorted.map((k) => javaDouble(k as number)).join(', ')} }`;
          uninteresting = sorted.some((k) => uninterestingNumber(k as number));
          break;
        case 'boolean':
          text = `${name} == ${sorted[0] ? 'true' : 'false'}`;
          break;
        case 'hashcode':
          // OneOfScalar on hashcodes: `x == null`, or one object and null (not justified).
          if (sorted.length > 1) confidence = 0;
          text = sorted.length === 1 ? (sorted[0] === 0 ? `${name} == null` : `${name} has only one value`) : `${name} one of { ${sorted.map((k) => (k === 0 ? 'null' : String(k))).join(', ')} }`;
          break;
        default:
          kind = 'OneOfString';
          text = sorted.length === 1 ? `${name} == ${stringKey(sorted[0])}` : `${name} one of { ${sorted.map(stringKey).join(', ')} }`;
      }
      const params = sorted.map((k) => (type === 'hashcode' ? (k === 0 ? null : 'object') : type === 'boolean' ? Boolean(k) : k));
      one(kind, text, params, confidence, { uninterestingConstant: uninteresting });
    }

    if (type === 'int' || type === 'double') {
      const float = type === 'double' ? 'Float' : '';
      const fmt = type === 'double' ? javaDouble : javaLong;
      if (!this.nan) {
        const lowerStats: BoundStats = { v1: this.lower.v1, n1: this.lower.n1, v2: this.lower.v2, n2: this.lower.n2, v3: this.lower.v3, n3: this.lower.n3, far: this.max, samples: this.samples };
        const upperStats: BoundStats = { v1: this.upper.v1, n1: this.upper.n1, v2: this.upper.v2, n2: this.upper.n2, v3: this.upper.v3, n3: this.upper.n3, far: this.min, samples: this.samples };
        // LowerBoundCore.enoughSamples: more than 5 samples.
        one(`LowerBound${float}`, `${name} >= ${fmt(this.min)}`, [this.min], boundConfidence(lowerStats), { uninterestingConstant: uninterestingNumber(this.min) });
        one(`UpperBound${float}`, `${name} <= ${fmt(this.max)}`, [this.max], boundConfidence(upperStats), { uninterestingConstant: uninterestingNumber(this.max) });
        if (!this.zero) {
          const modulus = withModulus && type === 'int' && this.modGcd > 1 ? this.modGcd : 1;
          one(`NonZero${float}`, `${name} != 0`, [], nonZeroConfidence({ pointer: false, min: this.min, max: this.max, modulus, samples: this.samples }));
        }
        if (withModulus && type === 'int' && this.modGcd > 1) {
          const m = this.modGcd;
          const r = ((this.modFirst % m) + m) % m;
          one('Modulus', `${name} % ${m} == ${r}`, [m, r], modulusConfidence(m, this.samples));
        }
      }
    } else if (type === 'hashcode') {
      if (!this.nullSeen) one('NonZero', `${name} != null`, [], nonZeroConfidence({ pointer: true, min: this.min, max: this.max, modulus: 1, samples: this.samples }));
    }

    const el = this.elements;
    if (el && !el.dead && el.elements > 0 && type === 'hashcode') {
      const seq = `${name}[]`;
      const float = el.nonInt ? 'Float' : '';
      const fmt = el.nonInt ? javaDouble : javaLong;
      const lo: BoundStats = { v1: el.lower.v1, n1: el.lower.n1, v2: el.lower.v2, n2: el.lower.n2, v3: el.lower.v3, n3: el.lower.n3, far: el.upper.v1, samples: el.elements };
      const hi: BoundStats = { v1: el.upper.v1, n1: el.upper.n1, v2: el.upper.v2, n2: el.upper.n2, v3: el.upper.v3, n3: el.upper.n3, far: el.lower.v1, samples: el.elements };
      out.push({ vars: [this.index], kind: `EltLowerBound${float}`, text: `${seq} elements >= ${fmt(el.lower.v1)}`, params: [el.lower.v1], samples: el.arrays, confidence: boundConfidence(lo), enough: true, uninterestingConstant: uninterestingNumber(el.lower.v1) });
      out.push({ vars: [this.index], kind: `EltUpperBound${float}`, text: `${seq} elements <= ${fmt(el.upper.v1)}`, params: [el.upper.v1], samples: el.arrays, confidence: boundConfidence(hi), enough: true, uninterestingConstant: uninterestingNumber(el.upper.v1) });
      // Sortedness: every array in order; each pair of neighbours could have been in order by
      // chance with probability ½ (as for the order comparisons).
      if (el.longArrays > 0 && el.lower.v1 !== el.upper.v1) {
        const pairs = el.elements - el.arrays;
        if (el.ascending) out.push({ vars: [this.index], kind: `EltwiseInt${float}LessEqual`, text: `${seq} sorted by <=`, params: [], samples: el.arrays, confidence: 1 - 0.5 ** pairs, enough: true });
        else if (el.descending) out.push({ vars: [this.index], kind: `EltwiseInt${float}GreaterEqual`, text: `${seq} sorted by >=`, params: [], samples: el.arrays, confidence: 1 - 0.5 ** pairs, enough: true });
      }
    }
    return out;
  }
}

function stringKey(k: Key): string {
  return k === null ? 'null' : javaString(String(k));
}

function compareKeys(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
}

/** The derived `typeof(v)` when a variable's JavaScript type varied: OneOfString over the names. */
export function typeofCandidate(v: VarState, name: string, index: number): Candidate | undefined {
  const bits = v.typeofBits;
  if (!bits || (bits & (bits - 1)) === 0) return undefined;
  const names: string[] = [];
  for (let i = 0; i < 8; i++) if (bits & (1 << i)) names.push(['number', 'string', 'boolean', 'object', 'undefined', 'bigint', 'function', 'symbol'][i]);
  names.sort();
  if (names.length > ONE_OF_SIZE) return undefined;
  return { vars: [index], kind: 'OneOfString', text: `typeof(${name}) one of { ${names.map((n) => JSON.stringify(n)).join(', ')} }`, params: names, samples: v.samples, confidence: 1, enough: true, names: [`typeof(${name})`] };
}
