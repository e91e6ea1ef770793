// Falcon's and Unicorn's statistics (issue 30): a pattern is suspicious in proportion to how much
// more often failing runs show it than passing runs. Both papers score a pattern with Tarantula's
// formula (Falcon §3.2, Unicorn §4.2); we score it with Ochiai's (Abreu, Zoeteweij, van Gemund,
// "On the accuracy of spectrum-based fault localization", 2007), over the runs that contain it:
//   suspiciousness(P) = failed(P) / sqrt(totalFailed * (failed(P) + passed(P)))
// Tarantula compares shares only, so a pattern 1 of 10 failing runs and no passing run show (1.0)
// beat one all 10 failing runs and 9 of 30 passing runs show (0.77), and every pattern only
// failing runs show tied at 1.0 whatever its support. Ochiai weighs both: 0.32 against 0.73
// (stop 52: unseen5's job-claim, unseen4's vt-deadline, where a rare bystander pattern outranked
// the fault's; a 1.0 still needs every failing run and no passing one).
// A pattern ranks its owning function (patterns.ts); a function's schedule evidence is its most
// suspicious pattern. Ties go to the stronger kind of pattern, then to the pattern more failing
// runs show, then to an unserializable triple over an order pair (Falcon's triples name the split
// region itself).
import type { PositionSchedule } from '../localize-types.js';
import { patternText, type AccessPattern } from './patterns.js';

export interface RunPatterns {
  failed: boolean;
  patterns: AccessPattern[];
}

export interface ScoredPattern extends AccessPattern {
  failed: number;
  passed: number;
  /** Ochiai over the runs, 0…1. */
  suspiciousness: number;
}

export interface FunctionEvidence {
  function: string;
  suspiciousness: number;
  /** Failing runs that show its best pattern. */
  failed: number;
  passed: number;
  /** Its best pattern. */
  pattern: ScoredPattern;
}

export interface ScheduleEvidence {
  /** How many executions failed and passed; `unit` 'test': each is one test case's run. */
  runs: { failed: number; passed: number; unit?: 'test' };
  /** Patterns at least one failing run shows, most suspicious first. */
  patterns: ScoredPattern[];
  /** Functions owning such a pattern, most suspicious first. */
  functions: FunctionEvidence[];
}

/** How much a pattern says about its owner, strongest first (0…3):
 *  0. a triple whose owner wrote (R-W-W, W-W-R, W-R-W): its region's update was split;
 *  1. an order pair that split the owner's call (patterns.ts `split`): the other task's access
 *     came while the owner's call was suspended between its access and its end;
 *  2. any other order pair of two different statements: one order of them is what the failing
 *     runs had; and an R-W-R triple, whose owner only read twice and saw two values — a check
 *     and a use that were split (a stale size, then the element) or only an observer of the
 *     race (an assertion), which the evidence tiers tell apart; and an atomic-set triple (two
 *     fields of one object seen or left half old, half new): it rests on 001's assumption that
 *     an object's fields belong together, which a counter next to a flag need not;
 *  3. an order pair of one statement run by two tasks (two calls of `count++`): either task could
 *     go first and the pattern would be the same, so it says nothing about order — and ranks
 *     nothing (scoreSchedules). */
export function strengthOf(p: AccessPattern): number {
  if (p.kind === 'atomic-set') return 2;
  if (p.kind === 'triple') return p.ops === 'RWR' ? 2 : 0;
  const [a, b] = p.accesses;
  if (a.function === b.function && a.file === b.file && a.line === b.line) return 3;
  return p.split ? 1 : 2;
}

/** Most suspicious first, then the stronger kind, then more failing runs, then the id. */
export function comparePatterns(a: ScoredPattern, b: ScoredPattern): number {
  return b.suspiciousness - a.suspiciousness || strengthOf(a) - strengthOf(b) || b.failed - a.failed || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Ochiai's coefficient of a pattern failed + passed runs show, of totalFailed failing runs. */
export function ochiai(failed: number, passed: number, totalFailed: number): number {
  return failed === 0 ? 0 : failed / Math.sqrt(totalFailed * (failed + passed));
}

export function scoreSchedules(runs: RunPatterns[], unit: 'run' | 'test' = 'run'): ScheduleEvidence {
  const totalFailed = runs.filter((r) => r.failed).length;
  const totalPassed = runs.length - totalFailed;
  const counts = new Map<string, { pattern: AccessPattern; failed: number; passed: number }>();
  for (const run of runs) {
    for (const p of run.patterns) {
      const c = counts.get(p.id) ?? { pattern: p, failed: 0, passed: 0 };
      // One pattern's occurrences may differ in `split` (patterns.ts idOf): its strength is what
      // a failing run showed, the strongest such form.
      if (run.failed && (c.failed === 0 || (p.split && !c.pattern.split))) c.pattern = p;
      if (run.failed) c.failed++;
      else c.passed++;
      counts.set(p.id, c);
    }
  }
  const patterns: ScoredPattern[] = [];
  for (const { pattern, failed, passed } of counts.values()) {
    if (failed === 0) continue;
    patterns.push({ ...pattern, failed, passed, suspiciousness: ochiai(failed, passed, totalFailed) });
  }
  patterns.sort(comparePatterns);
  const functions: FunctionEvidence[] = [];
  const seen = new Set<string>();
  for (const p of patterns) {
    // A pattern that says nothing about order (strength 3) is no evidence against its owner.
    if (seen.has(p.owner) || p.owner.startsWith('(') || strengthOf(p) === 3) continue;
    seen.add(p.owner);
    functions.push({ function: p.owner, suspiciousness: p.suspiciousness, failed: p.failed, passed: p.passed, pattern: p });
  }
  return { runs: { failed: totalFailed, passed: totalPassed, ...(unit === 'test' ? { unit } : {}) }, patterns, functions };
}

/** A function's evidence as a position carries it (localize-types.ts PositionSchedule). */
export function positionSchedule(e: FunctionEvidence, runs: ScheduleEvidence['runs']): PositionSchedule {
  const { kind, ops, variable, accesses, split, lateCallback, droppedCall } = e.pattern;
  const run = runs.unit === 'test' ? 'test run' : 'run';
  const failing = `in ${e.failed} of ${runs.failed} failing ${run}${runs.failed === 1 ? '' : 's'}`;
  const runsText = runs.passed === 0 ? `${failing} (no ${run} passed)` : `${failing} and ${e.passed} of ${runs.passed} passing ${run}${runs.passed === 1 ? '' : 's'}`;
  return {
    suspiciousness: e.suspiciousness,
    strength: strengthOf(e.pattern),
    failed: e.failed,
    passed: e.passed,
    failedRuns: runs.failed,
    passedRuns: runs.passed,
    pattern: { kind, ops, variable, accesses: accesses.map((a) => ({ ...a })), ...(split ? { split } : {}), ...(lateCallback ? { lateCallback } : {}), ...(droppedCall ? { droppedCall } : {}) },
    text: `${runsText}: ${patternText(e.pattern)}`,
  };
}
