// The slow tier as CI runs it, and the full sweep (`npm run test:sweep`). CI's slow tier must end
// well inside CI's 90 minutes on the 2-core machine (stop 49's CI overran with the slow tier alone
// at 77 min): what it leaves out is repetition — more majors of one runner than the oldest and
// newest, examples another file already ranks, measurements of known gaps — never a kind of check.
// CONLENS_FULL_SWEEP=1 runs everything.
export const FULL_SWEEP = process.env.CONLENS_FULL_SWEEP === '1';

/** A skip reason for a part only the full sweep runs (false when it runs). */
export function sweepOnly(what: string): string | false {
  return FULL_SWEEP ? false : `${what}: in the full sweep only (CONLENS_FULL_SWEEP=1, npm run test:sweep)`;
}

/** Of a runner's majors, the oldest and the newest run every check in CI's slow tier: the skip
 *  reason of `what` for a major between them (false when it runs). */
export function edgeMajorsOnly(major: number, majors: readonly number[], what: string): string | false {
  return major === Math.min(...majors) || major === Math.max(...majors) ? false : sweepOnly(what);
}
