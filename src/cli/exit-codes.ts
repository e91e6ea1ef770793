import type { Outcome } from '../core/active/outcome.js';

/** Exit codes of `conlens`, the same for every subcommand. */
export const EXIT_OK = 0;
/** Findings or a failing run: the tool worked and has something to report. */
export const EXIT_FINDINGS = 1;
/** Usage or configuration error: the tool could not do its job as asked. */
export const EXIT_USAGE = 2;
/** Could not check (issue 29): nothing concurrent ran — no integration run, no test executed, none
 *  of the analyzed code called, no concurrent work. The same code as a usage error: in both, the
 *  project was not checked. */
export const EXIT_NOT_CHECKED = EXIT_USAGE;

/** rank's and fuzz's exit code: 0 checked and nothing confirmed, 1 a confirmed finding, 2 could
 *  not check. `--exit-zero` turns findings into 0, never "could not check": a CI step that
 *  checked nothing must not pass as one that checked. */
export function outcomeExitCode(outcome: Outcome, exitZero = false): number {
  if (outcome === 'not-checked') return EXIT_NOT_CHECKED;
  return outcome === 'finding' && !exitZero ? EXIT_FINDINGS : EXIT_OK;
}

/** The exit code of a fuzz result or a rank report (`violations`: its runs that failed); those of
 *  earlier versions carry no outcome, and their failed runs decide. */
export function runsExitCode(result: { outcome?: Outcome; violations: number }, exitZero = false): number {
  return outcomeExitCode(result.outcome ?? (result.violations > 0 ? 'finding' : 'checked'), exitZero);
}

export class UsageError extends Error {
  /** `hint`: end with "(see conlens <command> --help)"; not for a message that already says
   *  what to fix in the project (trial16: the pointer to --help had nothing about failing tests). */
  constructor(message: string, readonly subcommand?: string, readonly hint = true) {
    super(message);
    this.name = 'UsageError';
  }
}
