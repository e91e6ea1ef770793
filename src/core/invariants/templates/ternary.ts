// The ternary template LinearTernary (z = a·x + b·y + c, printed `a*x + b*y + c*z + d == 0`) over
// three numeric variables, after Daikon's LinearTernaryCore: the plane is fixed by three points
// that are not on one line; while every point seen lies on one line there is no plane (the
// binary LinearBinary says it); a plane with a zero coefficient is refused (a binary relation
// says it better); believed after MINTRIPLES = 5 distinct triples, confidence
// conf_is_ge(distinct, 5), 0 while no plane is fixed.
import { linearTernaryConfidence, MINTRIPLES } from '../confidence.js';
import { formatTerm, fuzzyEq } from './binary.js';
import type { Candidate, VarType } from './candidate.js';

const LIMIT = 2 ** 52;

export class TripleState {
  samples = 0;
  dead = false;
  private points = 0;
  private p: number[] = [];
  /** Normal (a, b, c) and d of the plane, once three non-collinear points were seen. */
  private plane: [number, number, number, number] | undefined;
  private exact = true;
  private distinct: number[] = [];

  constructor(
    readonly i: number,
    readonly j: number,
    readonly k: number,
  ) {}

  /** Returns false once the template is falsified. */
  add(x: number, y: number, z: number): boolean {
    this.samples++;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return false;
    const distinct = this.distinct;
    if (distinct.length < 3 * MINTRIPLES) {
      let seen = false;
      for (let m = 0; m < distinct.length; m += 3) if (distinct[m] === x && distinct[m + 1] === y && distinct[m + 2] === z) seen = true;
      if (!seen) distinct.push(x, y, z);
    }
    const p = this.p;
    if (this.plane) return this.onPlane(x, y, z);
    if (this.points === 0) {
      this.exact = Number.isSafeInteger(x) && Number.isSafeInteger(y) && Number.isSafeInteger(z);
      p.push(x, y, z);
      this.points = 1;
      return true;
    }
    if (this.points === 1) {
      if (x === p[0] && y === p[1] && z === p[2]) return true;
      if (!(Number.isSafeInteger(x) && Number.isSafeInteger(y) && Number.isSafeInteger(z))) this.exact = false;
      p.push(x, y, z);
      this.points = 2;
      return true;
    }
    // Two points: a third on their line keeps it a line, otherwise it fixes the plane.
    const u0 = p[3] - p[0];
    const u1 = p[4] - p[1];
    const u2 = p[5] - p[2];
    const v0 = x - p[0];
    const v1 = y - p[1];
    const v2 = z - p[2];
    let a = u1 * v2 - u2 * v1;
    let b = u2 * v0 - u0 * v2;
    let c = u0 * v1 - u1 * v0;
    const ints = this.exact && Number.isSafeInteger(x) && Number.isSafeInteger(y) && Number.isSafeInteger(z) && Math.abs(a) < LIMIT && Math.abs(b) < LIMIT && Math.abs(c) < LIMIT;
    if (!ints) this.exact = false;
    const collinear = ints ? a === 0 && b === 0 && c === 0 : fuzzyEq(a, 0) && fuzzyEq(b, 0) && fuzzyEq(c, 0) && Math.abs(a) + Math.abs(b) + Math.abs(c) < 1e-9 * (1 + Math.abs(x) + Math.abs(y) + Math.abs(z));
    if (collinear) return true;
    let d = -(a * p[0] + b * p[1] + c * p[2]);
    this.exact = ints && Math.abs(d) < LIMIT;
    if (this.exact) {
      const g = gcd(gcd(a, b), gcd(c, d)) || 1;
      [a, b, c, d] = [a / g, b / g, c / g, d / g];
    }
    if (a < 0 || (a === 0 && b < 0)) [a, b, c, d] = [-a, -b, -c, -d];
    this.plane = [a + 0, b + 0, c + 0, d + 0];
    if (a === 0 || b === 0 || c === 0) return false;
    return true;
  }

  private onPlane(x: number, y: number, z: number): boolean {
    const [a, b, c, d] = this.plane!;
    if (this.exact && Number.isSafeInteger(x) && Number.isSafeInteger(y) && Number.isSafeInteger(z)) {
      const s = a * x + b * y + c * z;
      if (Math.abs(s) < LIMIT) return s + d === 0;
    }
    this.exact = false;
    return fuzzyEq(-d, a * x + b * y + c * z);
  }

  get distinctTriples(): number {
    return this.distinct.length / 3;
  }

  candidates(nx: string, ny: string, nz: string, tx: VarType, ty: VarType, tz: VarType): Candidate[] {
    if (!this.plane || this.samples === 0) return [];
    let [a, b, c, d] = this.plane;
    const float = tx === 'double' || ty === 'double' || tz === 'double';
    if (!this.exact) {
      const scale = Math.min(Math.abs(a), Math.abs(b), Math.abs(c));
      [a, b, c, d] = [a, b, c, d].map((v) => snap(v / scale));
    }
    const text = `${formatTerm(a, nx, true, float)}${formatTerm(b, ny, a === 0, float)}${formatTerm(c, nz, a === 0 && b === 0, float)}${formatTerm(d, null, false, float)} == 0`;
    const active = this.distinctTriples >= MINTRIPLES;
    return [
      {
        vars: [this.i, this.j, this.k],
        kind: float ? 'LinearTernaryFloat' : 'LinearTernary',
        text,
        params: [a, b, c, d],
        samples: this.samples,
        confidence: linearTernaryConfidence(this.distinctTriples, true),
        enough: active,
      },
    ];
  }
}

function snap(v: number): number {
  const r = Math.round(v);
  return Math.abs(v - r) < 1e-9 * Math.max(1, Math.abs(v)) ? r + 0 : v;
}

function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}
