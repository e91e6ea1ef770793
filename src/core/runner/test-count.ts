// Whether a test command executed any test, in its runner's own words (issue 29): a run whose
// runner found no test, or skipped every one, checked nothing, and must not read as a pass (or,
// where the runner exits 1 for it — Jest, Vitest — as a failure of the program). Read from the
// summary each runner prints last; a summary this does not recognize counts as "ran some".
// Pure.

/** The runner's summary when it says no test ran (none found, every one skipped or filtered
 *  out), else undefined. */
export function noTestsRan(output: string): string | undefined {
  const text = withoutColour(output);
  // Jest ("No tests found, exiting with code 1"), Vitest ("No test files found, exiting with code 1").
  const none = /^\s*(No tests? (files )?found\b.*)$/m.exec(text);
  if (none) return none[1].trim();
  // node:test's summary, TAP (`# pass 0`) or spec (`ℹ pass 0`): the last one is the whole run's.
  const count = (word: string) => lastMatch(text, new RegExp(`^[#ℹ] ${word} (\\d+)\\s*$`, 'gm'));
  const [pass, fail, cancelled] = [count('pass'), count('fail'), count('cancelled')];
  if (pass && fail) {
    if (pass[1] !== '0' || fail[1] !== '0' || (cancelled && cancelled[1] !== '0')) return undefined;
    const skipped = count('skipped');
    return `node:test: pass 0, fail 0${skipped && skipped[1] !== '0' ? `, skipped ${skipped[1]}` : ''}`;
  }
  // Mocha: "0 passing" and no "N failing".
  const passing = lastMatch(text, /^\s*(\d+) passing\b/gm);
  if (passing) {
    if (passing[1] !== '0' || /^\s*\d+ failing\b/m.test(text)) return undefined;
    const pending = /^\s*(\d+) pending\b/m.exec(text);
    return `mocha: 0 passing${pending ? `, ${pending[1]} pending` : ''}`;
  }
  // Jest ("Tests:       2 skipped, 2 total") and Vitest ("      Tests  2 skipped (2)").
  const tests = lastMatch(text, /^\s*Tests:?\s+(\S.*\d.*)$/gm);
  if (tests) return /\b[1-9]\d* (passed|failed)\b/.test(tests[1]) ? undefined : `Tests: ${tests[1].trim()}`;
  // node:test named a file that does not exist: it runs none of them and prints no summary (exit
  // 1, which read as a failure of the program: a trial's path typo).
  const missing = /^Could not find '(.+)'\s*$/m.exec(text);
  if (missing) return `node:test: could not find ${missing[1]}`;
  return undefined;
}

function lastMatch(text: string, pattern: RegExp): RegExpExecArray | undefined {
  let last: RegExpExecArray | undefined;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) last = m;
  return last;
}

/** A runner's output without its colour codes (Vitest colours even into a pipe). */
export function withoutColour(output: string): string {
  return output.replace(/\x1b\[[0-9;]*m/g, '');
}
