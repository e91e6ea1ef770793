// Schedule evidence (issue 30): Falcon's and Unicorn's access patterns over all scheduled runs,
// passing and failing, scored by how much more the failing runs show them.
import { runPatterns } from './patterns.js';
import { scoreSchedules, type ScheduleEvidence } from './score.js';
import type { TestScope } from '../../trace/test-cases.js';

export type { AccessPattern, PatternAccess } from './patterns.js';
export type { FunctionEvidence, ScheduleEvidence, ScoredPattern } from './score.js';
export { comparePatterns, positionSchedule, scoreSchedules, strengthOf } from './score.js';
export { patternText } from './patterns.js';

/** Reads every run's traces and scores their patterns. Runs whose traces cannot be read are left
 *  out (a killed process's last line is skipped by the reader already). */
export async function scheduleEvidence(runs: { runDir: string; failed: boolean }[], testCases?: TestScope): Promise<ScheduleEvidence> {
  const scored = [];
  for (const run of runs) scored.push({ failed: run.failed, patterns: await runPatterns(run.runDir, testCases) });
  return scoreSchedules(scored);
}
