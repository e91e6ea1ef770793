// "Debug this interleaving" (issue 34): under a debugger, a replay pauses at the scheduling
// decisions that start the ▶ steps. CONLENS_DEBUG_DECISIONS (set by the editor's debug launch)
// names the test process and its decisions; the scheduler calls debugDecision after writing each
// sched event. Unset — every other run — DEBUG_DECISIONS is undefined and the scheduler's check
// is one comparison per decision.
import { createRequire } from 'node:module';
import { processKey } from './process-key.js';

export interface DebugDecisions {
  /** The test process the decisions belong to (processKey): sched numbers are per process. */
  process: string;
  decisions: { decision: number; step: number; task: string; file: string; line: number; event: string }[];
}

/** The process the decisions belong to; pauses happen only while this process has that key. */
let wantedProcess = '';
let ours = false;

function read(): Map<number, DebugDecisions['decisions'][number]> | undefined {
  const text = process.env.CONLENS_DEBUG_DECISIONS;
  if (!text) return undefined;
  try {
    const wanted = JSON.parse(text) as DebugDecisions;
    wantedProcess = wanted.process ?? '';
    // Another test process of the same command: its decision numbers are its own.
    ours = !wantedProcess || processKey() === wantedProcess;
    return new Map(wanted.decisions.map((d) => [d.decision, d]));
  } catch {
    process.stderr.write('conlens: CONLENS_DEBUG_DECISIONS is not the JSON the editor writes; not pausing\n');
    return undefined;
  }
}

export const DEBUG_DECISIONS = read();

/** A Vitest worker learns its test file after it started (Scheduler.rekey): its key then. */
export function rekeyDebugDecisions(key: string): void {
  if (DEBUG_DECISIONS !== undefined) ours = !wantedProcess || key === wantedProcess;
}

/** The inspector's console, loaded at the first pause: a run with no debugger never loads it. */
let inspectorConsole: Console | undefined;

/** Pauses the attached debugger at decision `n` when it starts a ▶ step. The `decision` variable
 *  shows the task and what it does next in the debugger's Variables view. */
export function debugDecision(n: number): void {
  if (!ours) return;
  const decision = DEBUG_DECISIONS?.get(n);
  if (!decision) return;
  const text = `conlens: ▶ decision ${decision.decision}: task ${decision.task} — ${decision.event} (step ${decision.step}, ${decision.file}:${decision.line})`;
  // The inspector's console, not the global one: it goes to the attached debugger's Debug Console
  // only, whatever the runner did to `console` — Vitest's workers replace it with one that sends
  // the output to the main process, which the debugger never sees as a console call.
  // (A builtin resolves from any path: this module is loaded as CommonJS and as ESM.)
  inspectorConsole ??= (createRequire(`${process.cwd()}/`)('node:inspector') as { console: Console }).console;
  inspectorConsole.warn(text);
  // Continue (F5) goes on to the next ▶ decision: "step to next decision".
  // eslint-disable-next-line no-debugger
  debugger;
}
