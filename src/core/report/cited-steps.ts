// What the editor shows of one violation (issue 34): the ▶ steps its story cites, the scheduling
// decisions that started them (where "Debug this interleaving" pauses), the story in the user's
// words and the assertion's expected and actual values. Plain JSON in and out.
import type { ScheduleStep, Violation } from '../active/violation.js';
import { foreignRead, interleavingOf, storyOf, type InterleavingInput } from '../localize/interleaving.js';
import { storyInWords } from './plain-words.js';

/** A decision to pause at: the sched event's number `n` in its test process. */
export interface CitedDecision {
  decision: number;
  /** The ▶ step it leads to, and that step's task, place and event. */
  step: number;
  task: string;
  file: string;
  line: number;
  event: string;
}

export interface EditorViolation {
  story: string;
  /** The ▶ steps: an interleaving's three, else an order dependence's write and read (and the
   *  reads on a stale read's path) — as format-report.ts marks them. */
  cited: ScheduleStep[];
  decisions: CitedDecision[];
  expected?: string;
  actual?: string;
}

/** A sched step's decision number: its `decision` field (active/violation.ts stepsOf); a
 *  violation.json written before that field has it only in the text: `(decision 12, 3 ready`. */
const DECISION = /\(decision (\d+),/;
export function decisionOf(step: ScheduleStep): number | undefined {
  if (step.decision !== undefined) return step.decision;
  const m = DECISION.exec(step.event);
  return m ? Number(m[1]) : undefined;
}

/** The steps the story cites (the ▶ steps), in schedule order. */
export function citedSteps(input: InterleavingInput): ScheduleStep[] {
  const interleaving = interleavingOf(input);
  const order = interleaving ? undefined : foreignRead(input);
  const cited = new Set(interleaving ? interleaving.steps.map((s) => s.step) : order ? [order.write.step, order.read.step, ...(order.via ?? []).map((s) => s.step)] : []);
  return input.schedule.filter((s) => cited.has(s.step));
}

/** For each cited step, the decision whose release began the segment it ran in: the nearest
 *  sched step at or before it. Steps before the first decision (the test's synchronous start)
 *  had no decision. One entry per decision, in order. */
export function citedDecisions(schedule: readonly ScheduleStep[], cited: readonly ScheduleStep[]): CitedDecision[] {
  const out = new Map<number, CitedDecision>();
  for (const step of cited) {
    let decision: number | undefined;
    for (const s of schedule) {
      if (s.step > step.step) break;
      decision = decisionOf(s) ?? decision;
    }
    if (decision !== undefined && !out.has(decision)) out.set(decision, { decision, step: step.step, task: step.task, file: step.file, line: step.line, event: step.event });
  }
  return [...out.values()].sort((a, b) => a.decision - b.decision);
}

/** Expected and actual values from an assertion message: node:assert's `actual !== expected`
 *  diff line, Jest's `Expected: … / Received: …`, Vitest's `expected 1 to be 2`. */
export function assertionValues(message: string): { expected: string; actual: string } | undefined {
  const jest = /Expected:\s*(.+)\n\s*Received:\s*(.+)/.exec(message);
  if (jest) return { expected: jest[1].trim(), actual: jest[2].trim() };
  // Vitest/Chai: `expected 1 to be 2 // Object.is equality`.
  const chai = /expected (.+?) to (?:be|equal|deeply equal|strictly equal|eql) (.+?)(?: \/\/.*)?$/m.exec(message);
  if (chai) return { expected: chai[2], actual: chai[1] };
  const node = /^\s*(.+?) !== (.+?)\s*$/m.exec(message);
  if (node) return { expected: node[2], actual: node[1] };
  return undefined;
}

export function editorViolation(violation: Pick<Violation, 'kind' | 'message' | 'schedule' | 'frames'>): EditorViolation {
  const input: InterleavingInput = { kind: violation.kind, message: violation.message, schedule: violation.schedule, frames: violation.frames };
  const cited = citedSteps(input);
  const values = assertionValues(violation.message);
  return { story: storyInWords(storyOf(input)), cited, decisions: citedDecisions(violation.schedule, cited), ...(values ?? {}) };
}
