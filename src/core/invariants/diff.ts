// Daikon's invariant `diff` over two InvariantSets (reference = unit runs, online = integration
// runs), and the failure invariants of 004 IV-A/IV-B.
//
// Pairing (as daikon.diff.Diff with its default comparator, Invariant.ClassVarnameComparator):
//   - program points pair by name (`SA.func1:::EXIT` with `SA.func1:::EXIT`); a point present in
//     one set only pairs with nothing, so all its invariants are missing on the other side;
//   - inside a point, two invariants pair when they have the same template class (`kind`) and the
//     same variables in the same order. That is the "slot". The template class is the family:
//     Daikon does not pair across classes, so `this.xx - this.z - 1 == 0` (LinearBinary over
//     this.xx, this.z) and `this.xx != this.z` (IntNonEqual over the same variables) are two
//     unpaired invariants — one JM, one MJ — not one DJJ pair (Table II of 004 lists them on
//     separate rows, each against "-");
//   - a pair is "same" when the formula is the same (Daikon's isSameInvariant: same class, same
//     variables, isSameFormula), here: the same `params` (and, for templates without parameters,
//     the same text); otherwise "different" (LinearBinary with other coefficients, LowerBound with
//     another bound, OneOf with other values, …);
//   - J / U is the invariant's `justified` in that set.
// Unlike Daikon's default (which keeps only ENTER and combined EXIT points unless given -p), every
// point of both sets is examined: `conlens mine --per-exit` asks for the numbered exits on purpose.
// Unjustified invariants stay in the pairs (Daikon's default, no --ignore_unjustified) so that the
// U codes are counted; the failure-invariant filter drops them.
import type {
  DiffType,
  FailureInvariant,
  FailureInvariantSet,
  Invariant,
  InvariantPair,
  InvariantSet,
  ProgramPointInvariants,
  Relationship,
} from './invariant-types.js';

/** Every relationship code, in Daikon's column order (DetailedStatisticsVisitor). */
export const RELATIONSHIPS: readonly Relationship[] = ['SJJ', 'SJU', 'SUJ', 'SUU', 'DJJ', 'DJU', 'DUJ', 'DUU', 'JM', 'UM', 'MJ', 'MU'];

/** 004 IV-B: the relationships that make a failure invariant. */
export const FAILURE_RELATIONSHIPS: readonly Relationship[] = ['DJJ', 'MJ', 'JM'];

/** The pairing key of an invariant inside its point: template class and variables, in order. */
function slotKey(inv: Invariant): string {
  return JSON.stringify([inv.kind, inv.vars]);
}

/** Daikon's isSameFormula, over our data: same template class and the same parameters. */
export function isSameInvariant(a: Invariant, b: Invariant): boolean {
  if (a.kind !== b.kind || a.vars.length !== b.vars.length || a.vars.some((v, i) => v !== b.vars[i])) return false;
  if (a.params.length !== b.params.length) return false;
  for (let i = 0; i < a.params.length; i++) if (!Object.is(a.params[i], b.params[i])) return false;
  // A template without parameters is its own formula; should a miner leave the parameters out,
  // the text (over the same variables) still tells two formulas apart.
  return a.params.length > 0 || a.text === b.text;
}

/** The relationship code of a pair (DetailedStatisticsVisitor.determineRelationship). */
export function relationshipOf(reference: Invariant | null, online: Invariant | null): Relationship {
  const j = (inv: Invariant) => (inv.justified ? 'J' : 'U');
  if (reference === null && online === null) throw new Error('a pair needs at least one invariant');
  if (reference === null) return `M${j(online!)}` as Relationship;
  if (online === null) return `${j(reference)}M` as Relationship;
  return `${isSameInvariant(reference, online) ? 'S' : 'D'}${j(reference)}${j(online)}` as Relationship;
}

/** Daikon diff's type column: the arity of the pair (taken from the reference invariant when there
 *  is one, as Daikon takes inv1), nullary and unary split by interesting / uninteresting. */
export function diffTypeOf(reference: Invariant | null, online: Invariant | null): DiffType {
  const inv = reference ?? online;
  if (inv === null) throw new Error('a pair needs at least one invariant');
  switch (inv.arity) {
    case 'nullary':
      return inv.interesting ? 'NInt' : 'N!Int';
    case 'unary':
      return inv.interesting ? 'UInt' : 'U!Int';
    case 'binary':
      return 'Bin';
    case 'ternary':
      return 'Ter';
  }
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** ClassVarnameComparator: template class, then the variable names in order. */
function compareSlots(a: Invariant, b: Invariant): number {
  const byKind = compareStrings(a.kind, b.kind);
  if (byKind !== 0) return byKind;
  for (let i = 0; i < Math.min(a.vars.length, b.vars.length); i++) {
    const byVar = compareStrings(a.vars[i], b.vars[i]);
    if (byVar !== 0) return byVar;
  }
  return a.vars.length - b.vars.length;
}

function makePair(point: string, reference: Invariant | null, online: Invariant | null): InvariantPair {
  const inv = (reference ?? online)!;
  return { point, vars: [...inv.vars], reference, online, relationship: relationshipOf(reference, online), type: diffTypeOf(reference, online) };
}

/** Pairs the invariants of one program point. Within a slot a miner normally has one invariant per
 *  side; should it have several, same formulas pair first, then the rest in order. */
function diffPoint(point: string, reference: Invariant[], online: Invariant[]): InvariantPair[] {
  const slots = new Map<string, { sample: Invariant; ref: Invariant[]; onl: Invariant[] }>();
  const slot = (inv: Invariant) => {
    const key = slotKey(inv);
    let s = slots.get(key);
    if (!s) slots.set(key, (s = { sample: inv, ref: [], onl: [] }));
    return s;
  };
  for (const inv of reference) slot(inv).ref.push(inv);
  for (const inv of online) slot(inv).onl.push(inv);
  const ordered = [...slots.values()].sort((a, b) => compareSlots(a.sample, b.sample));
  const pairs: InvariantPair[] = [];
  for (const { ref, onl } of ordered) {
    const rest = [...onl];
    const unmatched: Invariant[] = [];
    const matched: [Invariant, Invariant][] = [];
    for (const r of ref) {
      const i = rest.findIndex((o) => isSameInvariant(r, o));
      if (i >= 0) matched.push([r, rest.splice(i, 1)[0]]);
      else unmatched.push(r);
    }
    for (const [r, o] of matched) pairs.push(makePair(point, r, o));
    const n = Math.max(unmatched.length, rest.length);
    for (let i = 0; i < n; i++) pairs.push(makePair(point, unmatched[i] ?? null, rest[i] ?? null));
  }
  return pairs;
}

/** The points of both sets, paired by name: the reference's in its order, then the online-only. */
function pairPoints(reference: InvariantSet, online: InvariantSet): { point: string; ref: Invariant[]; onl: Invariant[] }[] {
  const byName = new Map<string, { point: string; ref: Invariant[]; onl: Invariant[] }>();
  const add = (p: ProgramPointInvariants, side: 'ref' | 'onl') => {
    let entry = byName.get(p.point);
    if (!entry) byName.set(p.point, (entry = { point: p.point, ref: [], onl: [] }));
    entry[side].push(...p.invariants);
  };
  for (const p of reference.points) add(p, 'ref');
  for (const p of online.points) add(p, 'onl');
  return [...byName.values()];
}

/** Daikon `diff`: every paired slot of the two sets with its relationship code and type. */
export function diffInvariants(reference: InvariantSet, online: InvariantSet): InvariantPair[] {
  return pairPoints(reference, online).flatMap(({ point, ref, onl }) => diffPoint(point, ref, onl));
}

export function isFailureInvariant(pair: InvariantPair): pair is FailureInvariant {
  return FAILURE_RELATIONSHIPS.includes(pair.relationship);
}

/**
 * 004 IV-B: the failure invariants are the diff's pairs with relationship DJJ, MJ or JM — the same
 * (S..) and the unjustified (any U) are dropped. A reference-only invariant is `<inv, null>` (JM),
 * an online-only one `<null, inv>` (MJ). The type is kept on each; 004 lists Bin, Ter, U!Int and
 * N!Int, and no type is filtered out here.
 */
export function failureInvariants(reference: InvariantSet, online: InvariantSet): FailureInvariantSet {
  const pairs = diffInvariants(reference, online);
  const counts: Partial<Record<Relationship, number>> = {};
  for (const pair of pairs) counts[pair.relationship] = (counts[pair.relationship] ?? 0) + 1;
  return {
    version: 1,
    reference: [...reference.runs],
    online: [...online.runs],
    confidence: reference.confidence,
    failureInvariants: pairs.filter(isFailureInvariant),
    counts,
  };
}

/** Daikon's confidence style (PrintAllVisitor): `0.####`, with .9999 < c < 1 shown as 0.9999. */
export function formatConfidence(confidence: number): string {
  let c = confidence;
  if (0.9999 < c && c < 1) c = 0.9999;
  const text = (Math.round(c * 1e4) / 1e4).toFixed(4).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

function formatSide(inv: Invariant | null): string {
  return inv === null ? 'null' : `${inv.text} {${formatConfidence(inv.confidence)}}`;
}

/** One pair as Daikon prints it, `<inv1 {conf1}, inv2 {conf2}>  (type, relationship)`. */
export function formatPair(pair: InvariantPair): string {
  return `<${formatSide(pair.reference)}, ${formatSide(pair.online)}>  (${pair.type}, ${pair.relationship})`;
}

/** The failure invariants per program point, then the relationship counts of the whole diff. */
export function formatFailureInvariants(set: FailureInvariantSet): string {
  const lines: string[] = [];
  const n = set.failureInvariants.length;
  lines.push(`failure invariants: ${n}  (relationship DJJ, JM or MJ; confidence ${set.confidence})`);
  let point: string | undefined;
  for (const pair of set.failureInvariants) {
    if (pair.point !== point) {
      point = pair.point;
      lines.push('', point);
    }
    lines.push(`  ${formatPair(pair)}`);
  }
  const counts = RELATIONSHIPS.filter((r) => set.counts[r]).map((r) => `${r} ${set.counts[r]}`);
  lines.push('', `all pairs: ${counts.length ? counts.join(', ') : 'none'}`);
  return `${lines.join('\n')}\n`;
}
