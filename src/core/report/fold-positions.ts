// One row per function (issue 14 point 5), a presentation step after localize(): localize() stays
// 004's algorithm and returns its positions as the paper's tables list them (Tables V, VIII-XIV
// have `between` rows and candidates next to the same function's DFS record); the report folds
// them so that a user sees each function once.
//
// The row of a function X gathers every position whose failure invariants are at X's ENTER/EXIT:
// X itself (function, violation), `X (candidate)`, and every `between` position f_j → X (004 IV-F
// case 1/2: its failure invariants are X's En, so X is the function they are about; the caller
// f_j, where IV-F says the bug may sit, is kept as detail and its declaration is still marked).
// The row takes the place, score and fields of its best-ranked member; the others are kept in
// `via` (kind, caller, score, reason), and the failure invariants of all members are merged, each
// once. Ranks are numbered again over the rows, as competition ranks (1, 1, 3): a row's rank is 1 +
// the rows ranked strictly above it, so folding leaves no gaps.
import type { PositionInvariant, SuspiciousPosition } from '../localize/localize-types.js';

/** A position folded into its function's row: what it said, in short. */
export interface FoldedPosition {
  kind: SuspiciousPosition['kind'];
  caller?: string;
  callerId?: string;
  /** Its rank before folding (localize()'s ranking). */
  rank: number;
  depth: number;
  order: number | null;
  score: number;
  case: SuspiciousPosition['case'];
  confirmed: boolean;
  reason: string;
}

export type FoldedRow<P extends SuspiciousPosition> = P & {
  /** The other positions of the same function, best first (absent when there were none). */
  via?: FoldedPosition[];
  /** localize()'s rank of the row's own (best) member, when the row's rank differs from it. */
  rawRank?: number;
};

const key = (p: SuspiciousPosition) => p.id ?? p.function;
const invariantKey = (i: PositionInvariant) => `${i.point}\0${i.reference}\0${i.online}\0${i.relationship}`;

function folded(p: SuspiciousPosition): FoldedPosition {
  return {
    kind: p.kind,
    ...(p.caller !== undefined ? { caller: p.caller } : {}),
    ...(p.callerId !== undefined ? { callerId: p.callerId } : {}),
    rank: p.rank,
    depth: p.depth,
    order: p.order,
    score: p.score,
    case: p.case,
    confirmed: p.confirmed,
    reason: p.reason,
  };
}

/** Folds localize()'s positions (in rank order) into one row per function, ranked again. */
export function foldPositions<P extends SuspiciousPosition>(positions: P[]): FoldedRow<P>[] {
  const groups = new Map<string, P[]>();
  for (const p of positions) {
    const list = groups.get(key(p));
    if (list) list.push(p);
    else groups.set(key(p), [p]);
  }
  const rows: FoldedRow<P>[] = [];
  for (const members of groups.values()) {
    const [best, ...rest] = members; // positions come in rank order
    const seen = new Set<string>();
    const failureInvariants: PositionInvariant[] = [];
    for (const m of [best, ...rest])
      for (const inv of m.failureInvariants)
        if (!seen.has(invariantKey(inv))) {
          seen.add(invariantKey(inv));
          failureInvariants.push(inv);
        }
    rows.push({ ...best, failureInvariants, ...(rest.length ? { via: rest.map(folded) } : {}) });
  }
  const raw = rows.map((r) => r.rank);
  rows.forEach((row, i) => {
    row.rank = 1 + raw.filter((r) => r < raw[i]).length;
    if (row.rank !== raw[i]) row.rawRank = raw[i];
  });
  return rows;
}

/** The folded positions of a row in words: "between Caller::ENTER and X::ENTER (S_rate 0.680);
 *  candidate (S_rate 0.515)". */
export function viaText(row: { function: string; kind: SuspiciousPosition['kind']; caller?: string; via?: FoldedPosition[] }): string {
  const one = (p: { kind: SuspiciousPosition['kind']; caller?: string }) =>
    p.kind === 'between' ? `called from ${p.caller} (between ${p.caller}::ENTER and ${row.function}::ENTER)` : p.kind === 'candidate' ? 'candidate (invoked more than once per run)' : p.kind === 'violation' ? 'named by a violation' : 'DFS record';
  const parts = [one(row), ...(row.via ?? []).map((v) => `${one(v)}, S_rate ${v.score.toFixed(3)}`)];
  return parts.join('; ');
}

/** `viaText` when the row has anything to say beyond its function (a caller, folded positions). */
export function viaDetail(row: Parameters<typeof viaText>[0]): string | undefined {
  return row.kind === 'between' || row.via?.length ? viaText(row) : undefined;
}
