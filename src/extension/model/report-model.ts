// The report of `conlens rank` (src/core/report/report-types.ts) as the editor shows it: validation
// of the JSON read from .conlens/report.json, "Not the bug" re-ranking, the heat buckets of the
// gutter, and the trees of the three views. Pure: no `vscode` import, so node --test covers it.
import type { HiddenFailureInvariant, Report, ReportViolation } from '../../core/report/report-types.js';
import type { PositionInvariant } from '../../core/localize/localize-types.js';
import { scheduleName, type ScheduleStep } from '../../core/active/violation.js';
import type { NotChecked } from '../../core/active/outcome.js';
import { invariantChanges, invariantInWords, splitPoint } from '../../core/report/plain-words.js';

// Plain words live with the report (core/report/plain-words.ts): the CLI's default text uses them too.
export { invariantChanges, invariantInWords, splitPoint };

export type ReportPosition = Report['positions'][number];

/** A position with its place in the report (`index`) and its rank after the hidden ones are gone. */
export interface RankedPosition {
  index: number;
  /** Stable across runs of the same code: what "Not the bug" remembers. */
  key: string;
  /** Competition rank over the positions still shown (1, 1, 3 …). */
  rank: number;
  position: ReportPosition;
  /** For a `between` position: the declaration of the caller f_j, where the bug sits (004 IV-F:
   *  between f_j::ENTER and f_i::ENTER). From the report when it has callerFile/callerLine, else
   *  found by the editor (declarations.ts). */
  callerAt?: LineKey;
}

export class ReportFormatError extends Error {}

/** A rank or fuzz that could not check (issue 29), in one line for a notification or a view's
 *  message: what was not checked and why; the report and the output say what to do. */
export function notCheckedText(n: NotChecked): string {
  return `Not checked: ${n.what} — ${n.why}.`;
}

/** Reads the JSON of a report; a file that is not one says what is wrong with it. */
export function parseReport(text: string, file: string): Report {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ReportFormatError(`${file}: not JSON (${(error as Error).message}); run "Rank suspicious functions" again to rewrite it`);
  }
  const report = data as Partial<Report> | null;
  if (!report || typeof report !== 'object') throw new ReportFormatError(`${file}: not a Concurrency Lens report (expected an object)`);
  if (report.version !== 1) throw new ReportFormatError(`${file}: report version ${String(report.version)} is not supported (expected 1); run "Rank suspicious functions" again`);
  if (!Array.isArray(report.positions)) throw new ReportFormatError(`${file}: no "positions" list; run "Rank suspicious functions" again`);
  if (!Array.isArray(report.violations)) throw new ReportFormatError(`${file}: no "violations" list; run "Rank suspicious functions" again`);
  for (const [i, p] of report.positions.entries()) {
    if (typeof p?.function !== 'string' || typeof p.rank !== 'number' || typeof p.score !== 'number') {
      throw new ReportFormatError(`${file}: positions[${i}] lacks function, rank or score`);
    }
  }
  return report as Report;
}

/** What identifies a position across runs: its function (one row per function, fold-positions.ts;
 *  ranks, scores and which of the function's positions came out best move). */
export function positionKey(p: ReportPosition): string {
  return `function:${p.id ?? p.function}`;
}

/** "Not the bug": drop the hidden positions and rank the rest again with the same order. The
 *  report's order is the ranking (S_rate, then the tie rules of 004 IV-F); positions that shared a
 *  rank keep sharing one, and a rank is 1 + the number of shown positions ranked strictly above. */
export function rerank(report: Report, hidden: ReadonlySet<string> = new Set()): RankedPosition[] {
  const shown = report.positions.map((position, index) => ({ position, index, key: positionKey(position) })).filter((p) => !hidden.has(p.key));
  return shown.map((p) => ({ ...p, rank: 1 + shown.filter((q) => q.position.rank < p.position.rank).length }));
}

/** Default heat thresholds: a position's S_rate relative to the top score, bucket 0 the hottest. */
export const DEFAULT_BUCKETS = [0.75, 0.5, 0.25];

/** Normalises the `conlens.colorBuckets` setting: three numbers in (0, 1] (four buckets, the
 *  colors conlens.heat0…3), sorted descending; anything else falls back to the default (and says
 *  why). */
export function bucketThresholds(setting: unknown): { thresholds: number[]; problem?: string } {
  if (setting === undefined || setting === null) return { thresholds: DEFAULT_BUCKETS };
  const ok = Array.isArray(setting) && setting.length === DEFAULT_BUCKETS.length && setting.every((n) => typeof n === 'number' && n > 0 && n <= 1);
  if (!ok) return { thresholds: DEFAULT_BUCKETS, problem: 'conlens.colorBuckets must list 3 numbers in (0, 1], e.g. [0.75, 0.5, 0.25]; using the default' };
  return { thresholds: [...(setting as number[])].sort((a, b) => b - a) };
}

/** The heat bucket of a score: 0 when score ≥ thresholds[0] · top, …, thresholds.length below the
 *  last. With no positive top score (orders unknown) every position gets the coolest bucket but the
 *  first-ranked ones, which stay hottest: the rank still means something. */
export function heatBucket(score: number, top: number, thresholds: number[], rank = Infinity): number {
  if (!(top > 0)) return rank === 1 ? 0 : thresholds.length;
  const ratio = score / top;
  const i = thresholds.findIndex((t) => ratio >= t - 1e-12);
  return i === -1 ? thresholds.length : i;
}

export function topScore(ranked: RankedPosition[]): number {
  return ranked.reduce((m, p) => Math.max(m, p.position.score), 0);
}

export function formatScore(score: number): string {
  return score.toFixed(2);
}

export function formatFlags(flags: { EN: number; EX: number }): string {
  return `(${flags.EN},${flags.EX})`;
}

/** The name a position is shown under: its function, once (a `between` position's caller is
 *  detail, in `via`; fold-positions.ts). */
export function positionName(p: ReportPosition): string {
  return p.function;
}

/** The callers a function's row came through (`between` positions folded into it). */
export function viaCallers(p: ReportPosition): string[] {
  const callers = [p.kind === 'between' ? p.caller : undefined, ...(p.via ?? []).map((v) => (v.kind === 'between' ? v.caller : undefined))];
  return [...new Set(callers.filter((c): c is string => !!c))];
}

/** The failure invariants the noise rules hid at a position's function (report.hiddenFailureInvariants). */
export function hiddenAt(report: Pick<Report, 'hiddenFailureInvariants'> | undefined, p: ReportPosition): HiddenFailureInvariant[] {
  return (report?.hiddenFailureInvariants ?? []).filter((h) => h.function === p.function || h.function === p.id);
}

/** The tree item of a Suspicious Functions entry: label "#1 name", description with S_rate,
 *  flags and badge. */
export function positionLabel(r: RankedPosition): { label: string; description: string; badge: 'confirmed' | 'drift' } {
  const p = r.position;
  const badge = p.confirmed ? 'confirmed' : 'drift';
  const deadlock = p.likelyDeadlock ? ' · likely deadlock' : '';
  const via = viaCallers(p);
  return { label: `#${r.rank} ${positionName(p)}`, description: `S ${formatScore(p.score)} · ${formatFlags(p.flags)} · ${p.confirmed ? 'confirmed' : 'drift only'}${deadlock}${via.length ? ` · via ${via.join(', ')}` : ''}`, badge };
}

/** "#1 suspicious · S 1.00 · 3 failure invariants" — the CodeLens above a declaration. */
export function codeLensTitle(r: RankedPosition): string {
  const n = r.position.failureInvariants.length;
  return `#${r.rank} suspicious · S ${formatScore(r.position.score)} · ${n} failure invariant${n === 1 ? '' : 's'}${r.position.confirmed ? ' · confirmed' : ''}`;
}

export interface LineKey {
  file: string;
  line: number;
}

/** The declaration lines a position marks: f_i's, and for `between` also the caller f_j's. */
export function positionLines(r: RankedPosition): LineKey[] {
  const out: LineKey[] = [];
  if (r.callerAt) out.push(r.callerAt);
  const { file, line } = r.position;
  if (file && line && !out.some((l) => l.file === file && l.line === line)) out.push({ file, line });
  return out;
}

/** Where a click on a position goes: the caller's declaration for `between`, else f_i's. */
export function revealLine(r: RankedPosition): LineKey | undefined {
  return positionLines(r)[0];
}

export interface LineGroup extends LineKey {
  /** Ordered by rank, so group[0] decides the line's heat. */
  group: RankedPosition[];
}

/** Positions grouped by the declaration lines they mark (a callee can be ranked as `between` and
 *  as a candidate), keyed `file:line`, in rank order of their best position. */
export function positionsByLine(ranked: RankedPosition[]): Map<string, LineGroup> {
  const lines = new Map<string, LineGroup>();
  for (const r of ranked) {
    for (const { file, line } of positionLines(r)) {
      const key = `${file}:${line}`;
      const entry = lines.get(key) ?? { file, line, group: [] };
      entry.group.push(r);
      lines.set(key, entry);
    }
  }
  for (const entry of lines.values()) entry.group.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return lines;
}

// ---- Failure Invariants view: function → program point → ⟨reference, online⟩ pairs ------------

export interface InvariantPointNode {
  point: string;
  kind: string;
  /** A hidden one (show all) carries its noise rule. */
  pairs: (PositionInvariant | HiddenFailureInvariant)[];
}

export interface InvariantFunctionNode {
  function: string;
  file?: string;
  line?: number;
  /** The best (lowest) rank of a shown position that names this function. */
  rank: number;
  points: InvariantPointNode[];
}

/** The failure invariants of the shown positions, each pair once, per function and point, in
 *  rank order, ENTER before EXIT. `hidden` (show all): also the ones the noise rules hid at those
 *  functions, after the others of their point (each carries its `noise` rule). */
export function invariantTree(ranked: RankedPosition[], hidden: HiddenFailureInvariant[] = []): InvariantFunctionNode[] {
  const functions = new Map<string, InvariantFunctionNode>();
  const seen = new Set<string>();
  for (const r of ranked) {
    const noise = hidden.filter((h) => h.function === r.position.function || h.function === r.position.id);
    for (const inv of [...r.position.failureInvariants, ...noise]) {
      const { function: fn, kind, id } = splitPoint(inv.point);
      const dedupe = `${inv.point}\0${inv.reference}\0${inv.online}\0${inv.relationship}`;
      if (seen.has(dedupe)) continue;
      seen.add(dedupe);
      let node = functions.get(fn);
      if (!node) {
        // Where to reveal the function: the position that is that function (not a between's caller).
        const at = ranked.find((q) => (id ? q.position.id === id : q.position.function === fn) && q.position.file) ?? ranked.find((q) => q.position.function === fn && q.position.file) ?? r;
        node = { function: fn, file: at.position.file, line: at.position.line, rank: r.rank, points: [] };
        functions.set(fn, node);
      }
      let point = node.points.find((p) => p.point === inv.point);
      if (!point) {
        point = { point: inv.point, kind, pairs: [] };
        node.points.push(point);
      }
      point.pairs.push(inv);
    }
  }
  const order = (kind: string) => (kind === 'ENTER' ? 0 : kind === 'EXIT' ? 1 : 2);
  for (const node of functions.values()) node.points.sort((a, b) => order(a.kind) - order(b.kind) || a.kind.localeCompare(b.kind));
  return [...functions.values()].sort((a, b) => a.rank - b.rank);
}

/** `⟨this.balance >= 0, —⟩`: a failure invariant as the pair the diff produced (004 IV-B). */
export function pairLabel(inv: PositionInvariant): string {
  return `⟨${inv.reference ?? '—'}, ${inv.online ?? '—'}⟩`;
}

/** 004 IV-B relationships in words. */
export function relationshipText(relationship: string): string {
  switch (relationship) {
    case 'DJJ':
      return 'DJJ: both runs justify a different invariant';
    case 'MJ':
      return 'MJ: only the online (integration) runs justify it';
    case 'JM':
      return 'JM: only the reference (unit) runs justify it';
    case 'JJ':
      return 'JJ: the same in both';
    default:
      return relationship;
  }
}

// ---- Violations view -------------------------------------------------------------------------

export function violationLabel(v: ReportViolation): { label: string; description: string } {
  return { label: v.kind, description: `${v.search ? `schedule ${v.search.schedule} (${v.search.preemptions} preemption${v.search.preemptions === 1 ? '' : 's'})` : `${v.strategy} · seed ${v.seed}`} · ${v.trace.length} steps` };
}

export function stepLabel(s: ScheduleStep): { label: string; description: string } {
  return { label: `${s.step}. ${s.task} ${s.function}`, description: `${s.file}:${s.line} — ${s.event}` };
}

/** The step where the violation broke: the last throw, else (deadlocks, hangs) the last lock
 *  request, else the last step. The Problems panel puts the diagnostic there. */
export function breakingStep(v: ReportViolation): ScheduleStep | undefined {
  const trace = v.trace.filter((s) => s.file && s.line > 0);
  const last = <T>(items: T[], ok: (t: T) => boolean) => [...items].reverse().find(ok);
  if (v.kind === 'deadlock' || v.kind === 'hang') return last(trace, (s) => /asks for lock|waits/.test(s.event)) ?? trace.at(-1);
  return last(trace, (s) => s.event.startsWith('throws')) ?? trace.at(-1);
}

/** At most this many steps go into a diagnostic's related information (the last ones). */
export const MAX_RELATED_STEPS = 40;

export interface DiagnosticModel {
  file: string;
  line: number;
  message: string;
  related: { file: string; line: number; message: string }[];
}

/** A confirmed violation as a Problems-panel entry: on the line that broke, steps as related info. */
export function violationDiagnostic(v: ReportViolation): DiagnosticModel | undefined {
  const at = breakingStep(v);
  if (!at) return undefined;
  const steps = v.trace.filter((s) => s.file && s.line > 0).slice(-MAX_RELATED_STEPS);
  return {
    file: at.file,
    line: at.line,
    // The story in the user's words first (issue 14), the run's failure and how to replay it after.
    message: `${v.story ? `${v.story} — ` : ''}${v.kind}: ${v.message} (${scheduleName(v)}; replay with "Concurrency Lens: Replay violation")`,
    related: steps.map((s) => ({ file: s.file, line: s.line, message: `step ${s.step}: ${s.task} ${s.function} ${s.event}` })),
  };
}
