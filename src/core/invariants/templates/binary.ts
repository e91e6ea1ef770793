// Binary templates over two comparable variables of one program point, kept in one incremental
// state per pair: IntEqual, IntNonEqual, IntLessThan, IntLessEqual, IntGreaterThan,
// IntGreaterEqual (Float… for doubles) and LinearBinary (y = a·x + b, printed Daikon's way as
// `a*x + b*y + c == 0`). Identities, strings and booleans only get equality (and `!=`, except
// booleans) — Daikon's comparability by representation type.
//
// LinearBinary follows LinearBinaryCore: the line is fixed by two points, a constant x or y
// falsifies it (the OneOf says it better), and it is believed after MINPAIRS = 4 distinct pairs
// (confidence conf_is_ge(distinct, 4)). Integers are checked exactly (while products stay below
// 2^53), doubles with Daikon's fuzzy comparison (relative 1e-4, FuzzyFloat).
import { linearBinaryConfidence, MINPAIRS, orderConfidence } from '../confidence.js';
import { javaDouble } from '../values.js';
import type { Candidate, VarType } from './candidate.js';

export const EQ = 1;
export const NE = 2;
export const LT = 4;
export const LE = 8;
export const GT = 16;
export const GE = 32;
export const LIN = 64;
const ALL_NUM = EQ | NE | LT | LE | GT | GE | LIN;

/** Daikon's Global.fuzzy: relative difference 1e-4. */
export function fuzzyEq(a: number, b: number): boolean {
  if (a === b) return true;
  const diff = Math.abs(a - b);
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return diff <= 1e-4 * scale || diff < 1e-12;
}

/** The pair of a numeric and of an equality-only relation. */
export type PairKind = 'num' | 'eq' | 'bool';

export class PairState {
  alive: number;
  samples = 0;
  dead = false;
  // LinearBinary: p0, then p1 (the first pair distinct from it); then the extremes in x.
  private x0 = Number.NaN;
  private y0 = Number.NaN;
  private x1 = Number.NaN;
  private y1 = Number.NaN;
  private linStarted = false;
  private linFixed = false;
  /** a·x + b·y + c = 0 through (x0, y0), (x1, y1). */
  private a = 0;
  private b = 0;
  private c = 0;
  private exact = true;
  /** Distinct pairs seen, up to MINPAIRS (a flat cache x, y, x, y…). */
  private distinct: number[] = [];

  constructor(
    readonly i: number,
    readonly j: number,
    readonly kind: PairKind,
  ) {
    this.alive = kind === 'num' ? ALL_NUM : kind === 'eq' ? EQ | NE : EQ;
  }

  /** Numbers (and identities as numbers). Returns false once nothing can hold any more. */
  addNum(x: number, y: number): boolean {
    this.samples++;
    let alive = this.alive;
    if (x === y) alive &= ~(NE | LT | GT);
    else if (x < y) alive &= ~(EQ | GT | GE);
    else if (x > y) alive &= ~(EQ | LT | LE);
    else alive &= ~(EQ | LT | LE | GT | GE | LIN); // NaN: no order, no equality (Java's ==)
    if (alive & LIN && !this.linear(x, y)) alive &= ~LIN;
    this.alive = alive;
    return alive !== 0;
  }

  /** Strings and booleans (keys compared with ===). */
  addKey(x: unknown, y: unknown): boolean {
    this.samples++;
    this.alive &= x === y ? ~NE : ~EQ;
    return this.alive !== 0;
  }

  private linear(x: number, y: number): boolean {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
    if (this.distinct.length < 2 * MINPAIRS) {
      let seen = false;
      for (let k = 0; k < this.distinct.length; k += 2) if (this.distinct[k] === x && this.distinct[k + 1] === y) seen = true;
      if (!seen) this.distinct.push(x, y);
    }
    if (!this.linStarted) {
      this.linStarted = true;
      this.x0 = x;
      this.y0 = y;
      return true;
    }
    if (!this.linFixed) {
      if (x === this.x0 && y === this.y0) return true;
      // A constant x or y so far: Daikon's find_bi_linear refuses (x or y constant).
      if (x === this.x0 || y === this.y0) return false;
      this.x1 = x;
      this.y1 = y;
      this.linFixed = true;
      this.fit();
      return true;
    }
    if (this.onLine(x, y)) return true;
    if (this.exact) return false;
    // Doubles: refit on the two points farthest apart in x (LinearBinaryCoreFloat keeps the
    // extremes so rounding shrinks), then re-check.
    const [lo, hi] = this.x0 < this.x1 ? [0, 1] : [1, 0];
    const xs = [this.x0, this.x1];
    const ys = [this.y0, this.y1];
    if (x < xs[lo]) {
      xs[lo] = x;
      ys[lo] = y;
    } else if (x > xs[hi]) {
      xs[hi] = x;
      ys[hi] = y;
    } else return false;
    if (xs[0] === xs[1] || ys[0] === ys[1]) return false;
    const saved = [this.x0, this.y0, this.x1, this.y1, this.a, this.b, this.c];
    [this.x0, this.x1, this.y0, this.y1] = [xs[0], xs[1], ys[0], ys[1]];
    this.fit();
    if (this.onLine(x, y) && this.onLine(saved[0], saved[1]) && this.onLine(saved[2], saved[3])) return true;
    return false;
  }

  private fit(): void {
    const { x0, y0, x1, y1 } = this;
    this.a = y1 - y0;
    this.b = x0 - x1;
    this.c = y0 * x1 - x0 * y1;
    const ints = Number.isSafeInteger(x0) && Number.isSafeInteger(y0) && Number.isSafeInteger(x1) && Number.isSafeInteger(y1);
    this.exact = ints && Math.abs(x0 * y1) < 2 ** 52 && Math.abs(y0 * x1) < 2 ** 52;
  }

  private onLine(x: number, y: number): boolean {
    if (this.exact) {
      const ax = this.a * x;
      const by = this.b * y;
      if (Math.abs(ax) < 2 ** 52 && Math.abs(by) < 2 ** 52 && Number.isSafeInteger(x) && Number.isSafeInteger(y)) return ax + by + this.c === 0;
      this.exact = false;
    }
    // Daikon: y == (−c − a·x)/b or x == (−c − b·y)/a, fuzzily.
    return fuzzyEq(y, (-this.c - this.a * x) / this.b) || fuzzyEq(x, (-this.c - this.b * y) / this.a);
  }

  /** Distinct (x, y) pairs seen, capped at MINPAIRS (LinearBinaryCore.values_seen). */
  get distinctPairs(): number {
    return this.distinct.length / 2;
  }

  /** The line, normalized as Daikon's find_bi_linear: lowest terms, positive x coefficient. */
  lineCoefficients(): [number, number, number] | undefined {
    if (!this.linFixed || !(this.alive & LIN)) return undefined;
    let { a, b, c } = this;
    if (this.exact) {
      const g = gcd3(a, b, c);
      a /= g;
      b /= g;
      c /= g;
    } else {
      // Doubles: scale so the smaller of |a|, |b| is 1, then snap near-integers (rounding noise).
      const scale = Math.min(Math.abs(a), Math.abs(b));
      a /= scale;
      b /= scale;
      c /= scale;
      [a, b, c] = [a, b, c].map(snap) as [number, number, number];
    }
    if (a < 0) [a, b, c] = [-a, -b, -c];
    return [a + 0, b + 0, c + 0];
  }

  /** Binary candidates over (x = var i, y = var j) named `nx`, `ny`; unsuppressed. */
  candidates(nx: string, ny: string, tx: VarType, ty: VarType): Candidate[] {
    const out: Candidate[] = [];
    const n = this.samples;
    if (n === 0) return out;
    const vars = [this.i, this.j];
    const numeric = this.kind === 'num' && tx !== 'hashcode' && ty !== 'hashcode';
    const prefix = numeric ? (tx === 'double' || ty === 'double' ? 'Float' : 'Int') : this.kind === 'eq' && (tx === 'string' || ty === 'string') ? 'String' : 'Int';
    const push = (flag: number, kind: string, op: string, confidence: number) => {
      if (this.alive & flag) out.push({ vars, kind: `${prefix}${kind}`, text: `${nx} ${op} ${ny}`, params: [], samples: n, confidence, enough: true });
    };
    // Daikon prints a pair's LinearBinary before its comparisons.
    if (numeric) {
      const line = this.lineCoefficients();
      if (line) {
        const [a, b, c] = line;
        const float = tx === 'double' || ty === 'double';
        const text = `${formatTerm(a, nx, true, float)}${formatTerm(b, ny, false, float)}${formatTerm(c, null, false, float)} == 0`;
        out.push({ vars, kind: float ? 'LinearBinaryFloat' : 'LinearBinary', text, params: [a, b, c], samples: n, confidence: linearBinaryConfidence(this.distinctPairs), enough: this.distinctPairs >= MINPAIRS });
      }
    }
    push(EQ, 'Equal', '==', 1);
    if (this.kind !== 'bool') push(NE, 'NonEqual', '!=', orderConfidence(n));
    if (numeric) {
      push(LT, 'LessThan', '<', orderConfidence(n));
      push(LE, 'LessEqual', '<=', orderConfidence(n));
      push(GT, 'GreaterThan', '>', orderConfidence(n));
      push(GE, 'GreaterEqual', '>=', orderConfidence(n));
    }
    return out;
  }
}

function snap(v: number): number {
  const r = Math.round(v);
  if (Math.abs(v - r) < 1e-9 * Math.max(1, Math.abs(v))) return r;
  return v;
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

function gcd3(a: number, b: number, c: number): number {
  return gcd(gcd(a, b), c) || 1;
}

/**
 * One term of a linear relation, as LinearBinaryCore.formatTerm prints it: nothing for 0, the sign
 * then `coeff * var` (`var` alone for ±1), integral coefficients without a fraction.
 */
export function formatTerm(coeff: number, name: string | null, first: boolean, float = false): string {
  if (coeff === 0) return '';
  const sign = coeff < 0 ? (first ? '- ' : ' - ') : first ? '' : ' + ';
  const abs = Math.abs(coeff);
  const text = Number.isInteger(abs) && abs <= 2147483647 ? String(abs) : float ? javaDouble(abs) : String(abs);
  if (name === null) return sign + text;
  return abs === 1 ? sign + name : `${sign}${text} * ${name}`;
}
