// What a template hands to the suppression step: an unfiltered likely invariant of one program
// point, over variable indices (the point's declaration order), before names are attached.
import type { Invariant } from '../invariant-types.js';

/** The representation type of a variable at the end of mining (see values.ts). */
export type VarType = 'int' | 'double' | 'boolean' | 'string' | 'hashcode' | 'mixed' | 'none';

export interface Candidate {
  /** Variable indices of the point, in the template's order. */
  vars: number[];
  kind: string;
  text: string;
  params: Invariant['params'];
  samples: number;
  confidence: number;
  /** Template rules besides the confidence limit (Daikon's enoughSamples / isActive). */
  enough: boolean;
  /** Daikon's hasUninterestingConstant (LowerBound, UpperBound, OneOfScalar: outside −1…2). */
  uninterestingConstant?: boolean;
  /** Variable names when they are not the point's (the derived `typeof(v)`). */
  names?: string[];
}

/** Daikon's LowerBound/UpperBound/OneOfScalar "interesting" constant range (dkconfig
 *  minimal_interesting −1, maximal_interesting 2). */
export function uninterestingNumber(x: number): boolean {
  return x < -1 || x > 2;
}
