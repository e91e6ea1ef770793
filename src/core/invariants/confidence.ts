// Daikon's justification arithmetic (daikon.inv.Invariant and the templates' computeConfidence),
// restated. An invariant is reported when it was never falsified and its confidence — 1 − the
// probability that it held by chance — reaches the limit (Daikon's `confidence_limit`, .99).
// 004 §III-B uses the same test to choose the reference and online invariants.

/** Daikon's default confidence limit (Invariant.dkconfig_confidence_limit). */
export const DEFAULT_CONFIDENCE = 0.99;

/** Invariant.prob_is_ge: 0 when x ≥ goal, 1 when x ≤ 1, linear in between. */
export function probIsGe(x: number, goal: number): number {
  if (x >= goal) return 0;
  if (x <= 1) return 1;
  return (goal - x) / (goal - 1);
}

/** Invariant.conf_is_ge: 1 when x ≥ goal, 0 when x ≤ 1, linear in between. */
export function confIsGe(x: number, goal: number): number {
  if (x >= goal) return 1;
  if (x <= 1) return 0;
  return 1 - (goal - x) / (goal - 1);
}

/** Invariant.prob_and: the probability that any of the conditions fails, 1 − Π(1 − pᵢ). */
export function probAnd(...ps: number[]): number {
  let keep = 1;
  for (const p of ps) keep *= 1 - p;
  return 1 - keep;
}

/** Invariant.prob_or: the smaller probability (not the product, which could be too small). */
export function probOr(p1: number, p2: number): number {
  return Math.min(p1, p2);
}

/** Order comparisons and `!=` (IntLessThan … IntNonEqual): each sample could have gone the other
 *  way with probability ½, so confidence 1 − 0.5ⁿ over the n samples of the pair. */
export function orderConfidence(samples: number): number {
  return 1 - 0.5 ** samples;
}

/** NonZero: the observed range caps at 50 values (NonZero.range_max); a pointer ranges over 3.
 *  Not justified when every value lies on one side of 0 (the bound says more). */
export const NONZERO_RANGE_MAX = 50;
export function nonZeroConfidence(opts: { pointer: boolean; min: number; max: number; modulus: number; samples: number }): number {
  if (!opts.pointer && (opts.min > 0 || opts.max < 0)) return 0;
  let range = opts.pointer ? 3 : Math.floor((opts.max - opts.min + 1) / Math.max(1, opts.modulus));
  if (!Number.isFinite(range) || range > NONZERO_RANGE_MAX) range = NONZERO_RANGE_MAX;
  if (range < 1) range = 1;
  const probability = (1 - 1 / range) ** opts.samples;
  return 1 - probability;
}

/** A bound with its three nearest values and how many samples each had (LowerBoundCore). */
export interface BoundStats {
  /** The bound, the next and the third value inward; their sample counts. */
  v1: number;
  n1: number;
  v2: number;
  n2: number;
  v3: number;
  n3: number;
  /** The farthest value on the other side (the max for a lower bound). */
  far: number;
  samples: number;
}

/** Daikon's LowerBoundCore.required_samples_at_bound. */
export const SAMPLES_AT_BOUND = 3;

/**
 * LowerBoundCore / UpperBoundCore.computeProbability: the bound is justified when (1) at least 3
 * samples lie at it and (2a) it holds 5× the samples a uniform distribution would put there, or
 * (2b) it and the two next values each hold half of that (and are one apart). A bound of 0 expects
 * 5× fewer samples (0 is a natural bound). The expected count caps at 100.
 */
export function boundConfidence(b: BoundStats): number {
  const boundSamplesProb = probIsGe(b.n1, SAMPLES_AT_BOUND);
  const modulus = 1;
  const range = Math.abs(b.far - b.v1) + 1;
  let avg = (b.samples * modulus) / range;
  if (!Number.isFinite(avg)) avg = 0;
  avg = Math.min(avg, 100);
  if (b.v1 === 0) avg /= 5;
  const truncProb = probIsGe(b.n1, 5 * avg);
  let unifProb = 1;
  if (Math.abs(b.v3 - b.v2) === modulus && Math.abs(b.v2 - b.v1) === modulus) {
    const half = avg / 2;
    unifProb = probAnd(probIsGe(b.n1, half), probIsGe(b.n2, half), probIsGe(b.n3, half));
  }
  return 1 - probAnd(boundSamplesProb, probOr(truncProb, unifProb));
}

/** Modulus: x ≡ r (mod m) holds by chance with probability (1 − 1/m)ⁿ; m = 1 says nothing. */
export function modulusConfidence(modulus: number, samples: number): number {
  if (modulus <= 1) return 0;
  return 1 - (1 - 1 / modulus) ** samples;
}

/** LinearBinaryCore.MINPAIRS: distinct (x, y) pairs before a line is believed. */
export const MINPAIRS = 4;
/** LinearTernaryCore.MINTRIPLES: distinct (x, y, z) triples before a plane is believed. */
export const MINTRIPLES = 5;

/** LinearBinary: conf_is_ge(distinct pairs, 4). */
export function linearBinaryConfidence(distinctPairs: number): number {
  return confIsGe(distinctPairs, MINPAIRS);
}

/** LinearTernary: conf_is_ge(distinct triples, 5), 0 while no plane is fixed. */
export function linearTernaryConfidence(distinctTriples: number, active: boolean): number {
  return active ? confIsGe(distinctTriples, MINTRIPLES) : 0;
}
