// From a point's live template states to its reported invariants, without the redundant ones
// (Daikon: equality sets, PptTopLevel.is_slice_ok, the templates' isObviousDynamically and the
// non-instantiating suppressions NIS; 004 §III-B reads Daikon's output after the same filtering):
// - equality sets: variables equal in every sample form a set; it is printed `first == member`
//   for each other member (first in Daikon's variable order), and its leader — the least complex
//   name, ties by order (Equality.pivot: `return` before `this.count`) — carries the other
//   invariants; a variable derived from a non-leader (size(b[]) when b == a) carries none;
// - no invariant between a variable and itself, nor between two members of one set;
// - implied weaker forms: `x < y` hides `x <= y` and `x != y` (IntGreaterEqual/IntNonEqual's
//   NI suppressions); a LinearBinary of slope 1 (`x - y + c == 0`) hides the order comparisons
//   and `!=` of the pair (IntGreaterThan.lb_implies); a OneOf hides the bounds, NonZero and
//   Modulus of its variable (it says more);
// - constants folded (option, on by default): a variable with one value gets its OneOf and no
//   binary or ternary invariant against it (except an orig() constant at an exit, see below). Daikon itself does relate constants at the end
//   (DynamicConstants.post_process), e.g. `this.xx <= this.z` next to `this.xx == 0`; pass
//   `foldConstants: false` for that;
// - int and double variables are related (`this.xx > this.y`): both are JavaScript numbers.
//   Daikon never compares an int with a double (different rep-types); `intDouble: false` follows it;
// - at exits, nothing over orig() variables alone (the ENTER point says it; Daikon shows none);
// - comparability by type (numbers with numbers; identities, strings: ==, !=; booleans: ==).
import type { Invariant, InvariantArity } from './invariant-types.js';
import type { PointState } from './program-points.js';
import { EQ, GE, GT, LE, LIN, LT, NE } from './templates/binary.js';
import type { Candidate, VarType } from './templates/candidate.js';
import { typeofCandidate } from './templates/unary.js';

export interface SuppressOptions {
  confidence: number;
  foldConstants: boolean;
  /** Relate int variables with double ones (Daikon does not: different representation types). */
  intDouble: boolean;
  /** The Modulus template (Daikon has it, disabled by default: Modulus.dkconfig_enabled). */
  modulus: boolean;
  /** The derived `s.length` of strings (ours; Daikon has none). */
  stringLength: boolean;
}

/** Daikon's VarInfoName complexity, roughly: one per name part, orig() and size() count one. */
export function complexity(name: string): number {
  let n = 1;
  for (const c of name) if (c === '.') n++;
  if (name.startsWith('orig(')) n++;
  if (name.includes('size(')) n++;
  return n;
}

const ARITY: InvariantArity[] = ['nullary', 'unary', 'binary', 'ternary'];
const BOUND_KINDS = /^(LowerBound|UpperBound|NonZero|Modulus)/;
const IDENTITY_KINDS = /^(OneOfScalar|IntEqual|IntNonEqual|NonZero)$/;

/** The invariants of one point, in Daikon's print order, and its variable names in order. */
export function pointInvariants(point: PointState, name: string, opts: SuppressOptions): { invariants: Invariant[]; vars: string[] } {
  const vars = point.vars;
  const names = vars.map((v) => v.name);
  const types: VarType[] = vars.map((v) => v.type());
  const rank = point.rank;
  const allOrig = (idx: number[]) => point.isExit && idx.every((i) => vars[i].orig);
  // Folded constants: one-valued variables, except orig() ones at exits — their OneOf is not
  // reported there (the ENTER point has it), so `this.xx > orig(this.xx)` is the only way to say
  // how the call changed a field that always starts the same (004 Table I, SA.run).
  const constant = vars.map((v) => opts.foldConstants && v.isConstant() && !(point.isExit && v.orig));

  // Equality sets (union-find over the pairs still equal).
  const parent = vars.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (const pair of point.livePairs()) {
    if (!(pair.alive & EQ) || pair.samples === 0) continue;
    const a = find(pair.i);
    const b = find(pair.j);
    if (a !== b) {
      if (rank[a] < rank[b]) parent[b] = a;
      else parent[a] = b;
    }
  }
  // The first member by rank (for printing) and the pivoted leader of every set.
  const firstOf = vars.map((_, i) => find(i));
  const leaderOfRoot = new Map<number, number>();
  for (let i = 0; i < vars.length; i++) {
    const root = firstOf[i];
    const current = leaderOfRoot.get(root);
    if (current === undefined) leaderOfRoot.set(root, i);
    else {
      const ci = complexity(names[i]);
      const cc = complexity(names[current]);
      if (ci < cc || (ci === cc && rank[i] < rank[current])) leaderOfRoot.set(root, i);
    }
  }
  const leaderOf = firstOf.map((root) => leaderOfRoot.get(root)!);
  const isLeader = (i: number): boolean => {
    if (leaderOf[i] !== i) return false;
    const base = vars[i].base;
    if (base >= 0 && !isLeader(base)) return false;
    if (!opts.stringLength && vars[i].derivation === 'length') return false;
    return true;
  };

  const candidates: Candidate[] = [];
  const ordered = vars.map((_, i) => i).sort((a, b) => rank[a] - rank[b]);
  // `leader == member` for every set, members in order.
  const pairOf = new Map<string, number>();
  point.livePairs().forEach((p, k) => pairOf.set(`${p.i},${p.j}`, k));
  for (const i of ordered) {
    const leader = firstOf[i];
    if (leader === i || allOrig([leader, i])) continue;
    if (vars[i].base >= 0 && !isLeader(vars[i].base)) continue;
    if (!opts.stringLength && vars[i].derivation === 'length') continue;
    const pair = point.livePairs()[pairOf.get(`${leader},${i}`) ?? pairOf.get(`${i},${leader}`) ?? -1];
    const samples = pair?.samples ?? Math.min(vars[leader].samples, vars[i].samples);
    const t = types[leader];
    const kind = t === 'double' ? 'FloatEqual' : t === 'string' ? 'StringEqual' : 'IntEqual';
    candidates.push({ vars: [leader, i], kind, text: `${names[leader]} == ${names[i]}`, params: [], samples, confidence: 1, enough: samples > 0 });
  }

  // Unary.
  for (const i of ordered) {
    if (!isLeader(i) || allOrig([i])) continue;
    const own = vars[i].candidates(names[i], opts.modulus);
    // (An identity's single value does not say it is non-null: `this != null` stays.)
    const oneOf = types[i] !== 'hashcode' && own.some((c) => c.kind.startsWith('OneOf') && c.confidence >= opts.confidence);
    for (const c of own) if (!(oneOf && BOUND_KINDS.test(c.kind))) candidates.push(c);
    if (!vars[i].derived) {
      const t = typeofCandidate(vars[i], names[i], i);
      if (t) candidates.push(t);
    }
  }

  // Binary.
  const binary: Candidate[] = [];
  for (const pair of point.livePairs()) {
    const { i, j } = pair;
    if (!isLeader(i) || !isLeader(j) || allOrig([i, j])) continue;
    if (constant[i] || constant[j]) continue;
    if (!opts.intDouble && (types[i] === 'double') !== (types[j] === 'double')) continue;
    let alive = pair.alive & ~EQ;
    if (alive & LT) alive &= ~(LE | NE);
    if (alive & GT) alive &= ~(GE | NE);
    const own = pair.candidates(names[i], names[j], types[i], types[j]);
    const line = own.find((c) => c.kind.startsWith('LinearBinary'));
    if (line && line.enough && line.confidence >= opts.confidence && line.params[1] === -(line.params[0] as number)) alive &= ~(LT | LE | GT | GE | NE);
    const flagOf: Record<string, number> = { Equal: EQ, NonEqual: NE, LessThan: LT, LessEqual: LE, GreaterThan: GT, GreaterEqual: GE };
    for (const c of own) {
      if (c.kind.startsWith('Linear')) binary.push(c);
      else {
        const flag = flagOf[c.kind.replace(/^(Int|Float|String)/, '')] ?? LIN;
        if (alive & flag) binary.push(c);
      }
    }
  }
  binary.sort((a, b) => rank[a.vars[0]] - rank[b.vars[0]] || rank[a.vars[1]] - rank[b.vars[1]]);
  candidates.push(...binary);

  // Ternary.
  const ternary: Candidate[] = [];
  for (const triple of point.liveTriples()) {
    const { i, j, k } = triple;
    if (!isLeader(i) || !isLeader(j) || !isLeader(k) || allOrig([i, j, k])) continue;
    if (constant[i] || constant[j] || constant[k]) continue;
    if (!opts.intDouble && new Set([types[i] === 'double', types[j] === 'double', types[k] === 'double']).size > 1) continue;
    ternary.push(...triple.candidates(names[i], names[j], names[k], types[i], types[j], types[k]));
  }
  ternary.sort((a, b) => rank[a.vars[0]] - rank[b.vars[0]] || rank[a.vars[1]] - rank[b.vars[1]] || rank[a.vars[2]] - rank[b.vars[2]]);
  candidates.push(...ternary);

  const invariants = candidates.map((c): Invariant => {
    const confidence = Math.max(0, Math.min(1, c.confidence));
    const arity = ARITY[c.vars.length];
    return {
      point: name,
      vars: c.names ?? c.vars.map((i) => names[i]),
      kind: c.kind,
      text: c.text,
      params: c.params,
      samples: c.samples,
      confidence,
      justified: c.enough && confidence >= opts.confidence,
      arity,
      interesting: arity === 'unary' || arity === 'nullary' ? !c.uninterestingConstant : true,
      // Which object, not what it holds: one-ofs, (non-)equalities and null tests of identities.
      // Element bounds and sortedness of an array (also over a hashcode variable) are about its
      // contents; typeof(v) candidates (c.names) are strings.
      ...(!c.names && IDENTITY_KINDS.test(c.kind) && c.vars.every((i) => types[i] === 'hashcode') ? { identity: true as const } : {}),
    };
  });
  return { invariants, vars: ordered.map((i) => names[i]) };
}
