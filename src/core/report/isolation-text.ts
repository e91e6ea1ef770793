// Schedule isolation (active/isolate-schedule.ts, Choi & Zeller) in a few lines of text: the CLI's
// `isolate` and the text report of rank.
import type { ScheduleIsolation } from '../active/isolate-schedule.js';

/** The isolation in a few lines of text (CLI and the text report). */
export function isolationLines(isolation: ScheduleIsolation): string[] {
  const spent = `${isolation.replays} replay${isolation.replays === 1 ? '' : 's'}`;
  if (isolation.status !== 'isolated') return [`schedule isolation ${isolation.status === 'skipped' ? 'skipped' : 'not possible'}: ${isolation.reason} (${spent})`];
  const lines = [
    `schedule isolation (Choi & Zeller): ${isolation.differences} difference${isolation.differences === 1 ? '' : 's'} from ${isolation.passing === 'node-order' ? "Node's own order" : 'the passing run'} narrowed to ${isolation.minimal!.length} in ${spent}${isolation.cut ? ` — the budget of ${isolation.budget} candidates ran out first: the smallest failing difference found` : ''}`,
  ];
  for (const m of isolation.minimal ?? []) lines.push(`  ${m.text}`);
  if (isolation.suspended) lines.push(`  the function it suspended: ${isolation.suspended.function} (${isolation.suspended.file}:${isolation.suspended.line})`);
  return lines;
}

/** The minimal failing schedule around the critical preemption, its decision marked ▶. */
export function isolationStepLines(isolation: ScheduleIsolation, limit = 16): string[] {
  const decision = isolation.minimal?.find((m) => m.decision !== undefined)?.decision;
  const steps = (isolation.schedule ?? []).filter((s) => s.access?.op !== 'read' || s.task !== '—');
  return steps.slice(0, limit).map((s) => {
    const cited = decision !== undefined && s.event.includes(`(decision ${decision},`);
    return `  ${cited ? '▶' : ' '}${String(s.step).padStart(4)}  ${s.task.padEnd(4)} ${s.function}  ${s.file}:${s.line}  ${s.event}`;
  });
}
