// The data of the invariants stage (issue "invariant miner and diff"; DESIGN §4): likely
// invariants per program point, mined Daikon-style from a run's samples, and the failure
// invariants of 004 IV-A/IV-B from diffing two such sets. Plain JSON: `conlens mine --json` writes
// an InvariantSet, `conlens diff` reads two and writes a FailureInvariantSet.

/** Daikon's program point naming: `SA.func1:::ENTER`, `SA.func1:::EXIT` (all exits combined),
 *  `SA.func1:::EXIT12` (one return line); module functions `src/a.ts#name:::ENTER`. */
export type ProgramPointName = string;

/** The arity classes Daikon's diff reports (004 IV-B "type"). */
export type InvariantArity = 'nullary' | 'unary' | 'binary' | 'ternary';

export interface Invariant {
  point: ProgramPointName;
  /** The variables the invariant is over, in the template's order (`this.xx`, `orig(this.z)`, …). */
  vars: string[];
  /** The template, with Daikon's class name: OneOfScalar, LowerBound, IntEqual, LinearBinary, … */
  kind: string;
  /** Daikon's text style: `this.xx - this.z - 1 == 0`, `this.balance >= 0`, `return one of { 1, 2 }`. */
  text: string;
  /** Template parameters that make two invariants of the same kind "the same" (e.g. a, b of
   *  LinearBinary; the bound of LowerBound; the values of OneOf). */
  params: (number | string | boolean | null)[];
  /** Samples the invariant was checked on (all held). */
  samples: number;
  /** 1 − probability that it holds by chance (Daikon's confidence). */
  confidence: number;
  /** confidence ≥ the run's threshold (default 0.99) and the template's own sample rules met. */
  justified: boolean;
  arity: InvariantArity;
  /** Daikon diff's interesting / uninteresting split for nullary and unary invariants. */
  interesting: boolean;
  /** Every variable is an object identity (Daikon's hashcode rep-type): which object it is, not
   *  what it holds. Set only when true; the noise rules (localize/noise.ts) read it. */
  identity?: true;
}

export interface ProgramPointInvariants {
  point: ProgramPointName;
  /** Display name of the function (`SA.func1`, `checkThenWithdraw`). */
  function: string;
  file: string;
  kind: 'ENTER' | 'EXIT' | 'SUBEXIT';
  samples: number;
  /** Variables seen at this point, in declaration order (derived ones included). */
  vars: string[];
  invariants: Invariant[];
}

export interface InvariantSet {
  version: 1;
  /** The run folders the samples came from. */
  runs: string[];
  confidence: number;
  points: ProgramPointInvariants[];
}

/** Daikon diff's twelve relationship codes: Same / Different / Missing × Justified / Unjustified,
 *  first letter(s) for the reference set, last for the online set. */
export type Relationship = 'SJJ' | 'SJU' | 'SUJ' | 'SUU' | 'DJJ' | 'DJU' | 'DUJ' | 'DUU' | 'JM' | 'UM' | 'MJ' | 'MU';

/** Daikon diff's type column (004 IV-B): UInt, U!Int, NInt, N!Int, Bin, Ter. */
export type DiffType = 'UInt' | 'U!Int' | 'NInt' | 'N!Int' | 'Bin' | 'Ter';

/** One paired slot of the diff: the same point, the same variables, the same template family. */
export interface InvariantPair {
  point: ProgramPointName;
  vars: string[];
  reference: Invariant | null;
  online: Invariant | null;
  relationship: Relationship;
  type: DiffType;
}

/** 004 IV-B: a pair with relationship DJJ, MJ or JM — `<reference, online>`, null where missing. */
export type FailureInvariant = InvariantPair & { relationship: 'DJJ' | 'MJ' | 'JM' };

export interface FailureInvariantSet {
  version: 1;
  reference: string[];
  online: string[];
  confidence: number;
  failureInvariants: FailureInvariant[];
  /** How many pairs of each relationship the diff found (before filtering). */
  counts: Partial<Record<Relationship, number>>;
}
