// What a `conlens rank` or `conlens fuzz` can honestly say (issue 29), the same for both:
//   checked      the integration runs executed tests that ran concurrent work, and none failed;
//   finding      a run failed under the scheduler (a confirmed violation);
//   not-checked  nothing concurrent was checked — no integration run, no test executed, none of
//                the analyzed code called, or no two tasks ever alive at once — with what was not
//                checked, why, and what to do. Never an all-clear.
// The CLI maps them to exit codes 0, 1 and 2. Pure: plain data in, plain data out.
import type { LoadedConfig } from '../config/config-types.js';

export type Outcome = 'checked' | 'finding' | 'not-checked';

export interface NotChecked {
  /** What was not checked, in the user's terms (functions, or the code under "include"). */
  what: string;
  why: string;
  /** What to do to have it checked. */
  todo: string;
}

/** What one integration run exercised (active/violation.ts analyzeRun). */
export interface RunChecked {
  /** Test processes that called an instrumented function. */
  processes: number;
  /** Of those, the ones that ran two tasks at once (trace/concurrency.ts). */
  concurrentProcesses: number;
  /** The test runner's words when it executed no test (runner/test-count.ts). */
  noTests?: string;
}

/** The integration runs of one rank or fuzz, summed. */
export interface Coverage extends RunChecked {
  runs: number;
  /** Runs whose runner executed no test (`noTests`: the first one's words). */
  runsWithoutTests: number;
  violations: number;
  /** The first failing run's message. */
  failure?: string;
  /** Runs that ran out of time while still working under the scheduler (no evidence either way),
   *  and the first one's words. */
  inconclusive?: number;
  slow?: string;
}

export interface Verdict {
  outcome: Outcome;
  notChecked?: NotChecked;
}

/** The runs summed; undefined when a run does not say what it exercised (a shard written by an
 *  older version): nothing to judge by, so the runs' own outcomes stand. */
export function coverageOf(runs: { outcome: string; message?: string; checked?: RunChecked; inconclusive?: string }[]): Coverage | undefined {
  if (runs.some((r) => !r.checked)) return undefined;
  const withoutTests = runs.filter((r) => r.checked!.noTests);
  const failed = runs.find((r) => r.outcome !== 'pass');
  const slow = runs.filter((r) => r.inconclusive);
  return {
    runs: runs.length,
    processes: runs.reduce((n, r) => n + r.checked!.processes, 0),
    concurrentProcesses: runs.reduce((n, r) => n + r.checked!.concurrentProcesses, 0),
    runsWithoutTests: withoutTests.length,
    ...(withoutTests.length ? { noTests: withoutTests[0].checked!.noTests } : {}),
    violations: runs.filter((r) => r.outcome !== 'pass').length,
    ...(failed ? { failure: failed.message ?? failed.outcome } : {}),
    ...(slow.length ? { inconclusive: slow.length, slow: slow[0].inconclusive } : {}),
  };
}

/** Trial 19 (p2x): "19 random runs" in which every decision had one candidate ready were 19
 *  replays of Node's own order, and nothing said so. When no run had a choice to make, the
 *  sentence that says what the runs checked; undefined when some run had one (or a run of an older
 *  version does not say). */
export function noChoiceText(runs: { choices?: number }[]): string | undefined {
  if (runs.length === 0 || runs.some((r) => r.choices === undefined || r.choices > 0)) return undefined;
  const every = runs.length === 1 ? 'the run' : `all ${runs.length} runs`;
  return `no run had a choice to make: at every point only one continuation or callback was ready, so ${every} took Node's own order for the timer lengths and I/O times they had — other orders were not tried`;
}

export interface Scope {
  /** What the runs were to check: the functions the tests call, or the code under "include". */
  what: string;
  /** The integration tests as the user knows them: `the integration tests (node --test …)`. */
  tests: string;
  /** What to do when the tests executed nothing (default: fix the integration command). */
  todo?: string;
}

/** What the code under "include" is called when no function can be named. */
export function includeScope(include: string[] | undefined): string {
  return include?.length ? `the code under "include" (${include.join(', ')})` : 'the instrumented code';
}

/** What concurrent runs of the functions some tests call check: those functions (the first few,
 *  then how many more); the code under "include" when the tests call none that is known. */
export function callsScope(called: string[], tests: string, include: string[] | undefined): string {
  return called.length ? `concurrent calls of ${listed(called)} (what ${tests} call)` : includeScope(include);
}

/** Names for a sentence: the first few, then how many more. */
export function listed(names: string[], max = 5): string {
  return names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
}

/** A configured command (a string or an argv) as the user reads it. */
export const commandText = (command: string | string[]) => (Array.isArray(command) ? command.join(' ') : command);

const CONCURRENTLY = 'start the work concurrently in the integration tests, e.g. await Promise.all([a(), b()]) rather than await a(); await b()';

/** Nothing running is checked before a failure counts: a run that executed none of the analyzed
 *  code failed for another reason (the runner found no test, an import failed). No concurrent
 *  work comes after the failures: a failure without it is still a failure of the program. */
export function verdictOf(c: Coverage, scope: Scope): Verdict {
  const runs = `${c.runs} integration run${c.runs === 1 ? '' : 's'}`;
  const todo = scope.todo ?? 'make the integration command run tests that call it (conlens check shows the command\'s output; conlens config shows "include")';
  const runSomeTest = scope.todo ?? 'make the integration command run at least one test: check its file pattern, its test-name filter, and tests left as .skip or .todo';
  const not = (why: string, advice = todo): Verdict => ({ outcome: 'not-checked', notChecked: { what: scope.what, why, todo: advice } });
  if (c.runs === 0) return not('no integration run ran', 'run with --runs 1 or more (with --shard K/M: at least M runs, so every shard gets a seed)');
  if (c.processes === 0) {
    // The runner's "no test found" explains its failing exit code; other failures are quoted.
    const said = c.noTests ? `the test runner said "${c.noTests}"` : c.violations ? `${c.violations === 1 ? 'a run' : `${c.violations} runs`} failed: ${c.failure}` : '';
    // Every run killed over its budget (trial 16: a runner the scheduler hung): the runs never got
    // that far, which is what to say first, not that the tests call none of the code.
    if (c.violations === c.runs && /time budget/.test(c.failure ?? '')) {
      return not(`every one of the ${runs} was killed over its time budget ("timeoutMs") before ${scope.tests} called any of it`, 'see whether the integration tests finish when run plainly (conlens check); if they do, the scheduled runs hang where plain ones do not: report it with the run folders under .conlens/runs');
    }
    return not(`${scope.tests} called none of it in ${runs}${said ? ` (${said})` : ''}`, c.noTests ? runSomeTest : todo);
  }
  if (c.runsWithoutTests === c.runs) return not(`the test runner executed no test in ${c.runs === 1 ? 'the' : 'any of the'} ${runs} (it said "${c.noTests}")`, runSomeTest);
  if (c.violations > 0) return { outcome: 'finding' };
  // Runs that timed out while still working checked nothing to the end: all of them, no all-clear.
  if (c.inconclusive === c.runs) {
    return not(`${c.runs === 1 ? 'the integration run' : `every one of the ${runs}`} ran out of time before the tests ended: ${c.slow}`, 'raise the time limit that ran out (the test\'s own timeout, or "timeoutMs"), so that the tests can end under the scheduler, or check fewer tests at once (--test)');
  }
  if (c.concurrentProcesses === 0) {
    return not(
      `the integration tests ran no concurrent work: in ${runs} (${c.processes} test process${c.processes === 1 ? '' : 'es'}) no async call ran on while its caller went on and no two calls of the tests overlapped, so there was no interleaving to try`,
      CONCURRENTLY,
    );
  }
  return { outcome: 'checked' };
}

/** The integration tests and the code they are to check, in the user's terms. */
export function fuzzScope(loaded?: LoadedConfig): Scope {
  const command = loaded?.config.integration?.command;
  return {
    what: includeScope(loaded?.config.include),
    tests: command ? `the integration tests (${commandText(command)})` : 'the integration tests',
  };
}

/** The verdict on a fuzz's runs; nothing when they do not say what they exercised. */
export function fuzzVerdict(outcomes: Parameters<typeof coverageOf>[0], scope: Scope): Verdict | Record<string, never> {
  const coverage = coverageOf(outcomes);
  return coverage ? verdictOf(coverage, scope) : {};
}

/** The not-checked statement, first in the text outputs. */
export function notCheckedLines(n: NotChecked): string[] {
  return [`Not checked: ${n.what}.`, `  why: ${n.why}.`, `  to check it: ${n.todo}.`];
}
