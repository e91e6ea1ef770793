// The report in the user's words (issue 31 item 6): what `conlens rank` prints by default. The
// papers' terms — order, depth, S_rate, failure flags, 004 IV-F's cases, 001's pattern rows — are
// for `--explain`, the JSON and the SARIF; here a finding is told with the user's functions,
// tasks, lines and values.
import { listed } from '../active/outcome.js';
import type { PositionInvariant } from '../localize/localize-types.js';
import type { Report } from './report-types.js';

/** A program point's function and kind: `src/a.ts#f:::ENTER` → f, ENTER; `A.f:::EXIT12` → A.f, EXIT12. */
export function splitPoint(point: string): { function: string; kind: string; id?: string } {
  const cut = point.indexOf(':::');
  const fn = cut < 0 ? point : point.slice(0, cut);
  const kind = cut < 0 ? '' : point.slice(cut + 3);
  const hash = fn.lastIndexOf('#');
  return hash > 0 ? { function: fn.slice(hash + 1), kind, id: fn } : { function: fn, kind };
}

/**
 * The failure invariants as changes to tell. Daikon pairs only invariants of one template class,
 * so `this.saves one of { 0, 1, 2 }` (unit tests, JM) and `this.saves >= 0` (integration, MJ) are
 * two failure invariants; told apart, the second says it did not hold in the unit tests, where it
 * did (fahunt). A JM and an MJ over the same variables at one point are told as one change, at the
 * place of the first; the rest stay as they are.
 */
export function invariantChanges<I extends PositionInvariant>(invariants: readonly I[]): I[] {
  const slot = (i: PositionInvariant) => (i.vars ? `${i.point}\0${[...i.vars].sort().join('\0')}` : undefined);
  const onlineOnly = new Map<string, number[]>();
  invariants.forEach((i, at) => {
    const key = slot(i);
    if (key === undefined || i.relationship !== 'MJ') return;
    onlineOnly.set(key, [...(onlineOnly.get(key) ?? []), at]);
  });
  const partner = new Map<number, number>();
  invariants.forEach((i, at) => {
    const key = slot(i);
    const free = key === undefined || i.relationship !== 'JM' ? undefined : onlineOnly.get(key);
    if (free?.length) {
      const other = free.shift()!;
      partner.set(at, other).set(other, at);
    }
  });
  const out: I[] = [];
  invariants.forEach((i, at) => {
    const other = partner.get(at);
    if (other === undefined) out.push(i);
    else if (other > at) {
      const [jm, mj] = i.relationship === 'JM' ? [i, invariants[other]] : [invariants[other], i];
      out.push({ ...mj, reference: jm.reference, relationship: 'JM+MJ' });
    }
  });
  return out;
}

/** A failure invariant in plain words: where, and what the unit and integration runs showed. */
export function invariantInWords(inv: PositionInvariant): string {
  const { function: fn, kind } = splitPoint(inv.point);
  const where = kind === 'ENTER' ? `on entry to ${fn}` : kind.startsWith('EXIT') ? `on exit from ${fn}` : `at ${inv.point}`;
  if (inv.reference !== null && inv.online !== null) return `${where}, \`${inv.reference}\` in the unit tests became \`${inv.online}\` in the integration runs`;
  if (inv.reference !== null) return `${where}, \`${inv.reference}\` always held in the unit tests but not in the integration runs`;
  return `${where}, \`${inv.online ?? ''}\` held in every integration run but not in the unit tests`;
}

type Position = Report['positions'][number];

/** Why a position is on the list, in one sentence of the user's terms (its evidence tier). */
export function positionInWords(p: Position): string {
  // Schedule isolation (Choi & Zeller): replays showed the failure needs exactly its split.
  if (p.isolated) return 'the failure needs only one preemption, and it suspended this function: another task ran in between';
  if (p.schedule?.strength === 0) return 'another task split its update in the failing runs';
  switch (p.evidence) {
    case 'region owner':
      return 'a failing run interrupted it: another task changed what it had read before it acted on it';
    case 'interrupted':
      return 'a failing run caught it in the middle of an update';
    case 'conflicting writer':
      return 'its change landed between another task\'s read and its act in a failing run';
    case 'implicated':
      // What it changed there, when only the schedule shows it (rank.ts's writer-first rule).
      return p.writer?.source === 'schedule' ? `a failing run went through it, and it wrote ${listed(p.writer.vars, 3)} there` : 'a failing run went through it';
    case 'caller':
      return 'it calls a function a failing run went through';
    default:
      break;
  }
  if (p.interrupted) return 'a failing run caught it in the middle of an update';
  if (p.confirmed) return 'a failing run went through it';
  return p.flags.EN === 1 && p.flags.EX === 0
    ? 'no failing run points at it, but it was reached with state or arguments the unit tests never showed'
    : p.flags.EN === 1
      ? 'no failing run points at it, but it was reached with state or arguments, and returned values, the unit tests never showed'
      : 'no failing run points at it, but it returned values the unit tests never showed';
}

/** A violation's story without the papers' citations (`(inconsistent read, 001 Table 1 pattern
 *  2: R-W-R)` → `(inconsistent read)`); the report keeps them. */
export function storyInWords(story: string): string {
  return story
    .replace(/ \(([^()]*?), 001 Table 1[^()]*\)/g, ' ($1)')
    // Schedule evidence's access patterns (schedule-evidence/patterns.ts patternText).
    .replace(/ \([RW](?:-[RW])+(?: order)?, (?:Falcon|Unicorn|001 atomic set)\)/g, '');
}

/** The line a rank with no suspicious function prints; true to the header's counts (issue 31). */
export function noPositionWords(report: Pick<Report, 'summary' | 'runs' | 'hiddenFailureInvariants' | 'exploration'>): string {
  const { failureInvariants } = report.summary;
  if (report.summary.violations > 0) return `No suspicious function on the call graph, but ${report.summary.violations} of ${report.runs} runs failed: read the failures below.`;
  if (singleOrder(report)) {
    // Never a silent all-clear: a search that found one schedule tried no other order.
    return [
      'No suspicious function. The concurrent tests had one possible order: at every point only one task',
      'could go next (a lock kept them apart, or their waits have fixed lengths: a `setTimeout(r, 2)`',
      'standing in for a database always ends after a `setTimeout(r, 1)` armed with it). If a wait stands',
      'in for I/O whose length varies, a stand-in written in the tests (outside `include`) that returns a',
      'promise, or real I/O, lets the scheduler try the other orders.',
    ].join('\n');
  }
  if (failureInvariants === 0) return 'No suspicious function: no run failed, and the integration runs kept every invariant of the unit runs.';
  const hidden = report.hiddenFailureInvariants?.length ?? 0;
  const why = hidden === failureInvariants ? `; all of them are fixture noise (--all shows them)` : hidden ? `; ${hidden} of them are fixture noise (--all shows them)` : '';
  return `No suspicious function: no run failed, and the ${failureInvariants} invariant${failureInvariants === 1 ? '' : 's'} that changed in the integration runs pointed at no function${why}.`;
}

/** The systematic search ran every schedule there was, and there was one (the CLI's words above;
 *  the editor's notification says it too: never a bare all-clear). */
export function singleOrder(report: Pick<Report, 'exploration'>): boolean {
  const e = report.exploration;
  return !!e && e.complete && !e.failure && e.byPreemptions.reduce((a, b) => a + b, 0) === 1;
}
