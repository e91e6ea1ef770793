/** Exit codes of `conlens`, the same for every subcommand. */
export const EXIT_OK = 0;
/** Findings or a failing run: the tool worked and has something to report. */
export const EXIT_FINDINGS = 1;
/** Usage or configuration error: the tool could not do its job as asked. */
export const EXIT_USAGE = 2;

export class UsageError extends Error {
  constructor(message: string, readonly subcommand?: string) {
    super(message);
    this.name = 'UsageError';
  }
}
