// Schedule evidence (issue 30): Falcon's and Unicorn's access patterns over all scheduled runs,
// passing and failing, scored by how much more the failing runs show them.
import { runUnits } from './patterns.js';
import { scoreSchedules, type ScheduleEvidence } from './score.js';

export type { AccessPattern, PatternAccess } from './patterns.js';
export type { FunctionEvidence, ScheduleEvidence, ScoredPattern } from './score.js';
export { comparePatterns, positionSchedule, scoreSchedules, strengthOf } from './score.js';
export { patternText } from './patterns.js';

/** Reads every run's traces and scores their patterns, per execution: each test case's run where
 *  the traces have test events (patterns.ts runUnits), else each run. */
export async function scheduleEvidence(runs: { runDir: string; failed: boolean }[]): Promise<ScheduleEvidence> {
  const scored = [];
  let perTest = false;
  for (const run of runs) {
    const read = await runUnits(run.runDir, run.failed);
    scored.push(...read.units);
    perTest ||= read.perTest;
  }
  return scoreSchedules(scored, perTest ? 'test' : 'run');
}
