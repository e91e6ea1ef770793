import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../core/config/index.js';
import { checkProject, type SuiteOutcome } from '../../core/runner/check-project.js';
import { printWarnings, commandsStart } from '../print-config.js';
import { EXIT_FINDINGS, EXIT_NOT_CHECKED, EXIT_OK, EXIT_USAGE } from '../exit-codes.js';
import { positiveInteger, type Subcommand } from '../subcommand.js';

/** Every run of the suite executed no test: it checked nothing. */
function checkedNothing(outcome: SuiteOutcome): boolean {
  return outcome.runs > 0 && outcome.runsWithoutTests === outcome.runs;
}

function describeSuite(outcome: SuiteOutcome): string {
  const verdict = outcome.failures > 0 ? 'FAIL' : checkedNothing(outcome) ? 'NOT CHECKED' : 'pass';
  const timeouts = outcome.timeouts ? `, ${outcome.timeouts} over the time budget` : '';
  const empty = outcome.runsWithoutTests
    ? `, ${outcome.runsWithoutTests} ran no test (the runner said "${outcome.outcomes.find((o) => o.noTests)!.noTests}")`
    : '';
  const total = outcome.outcomes.reduce((sum, o) => sum + o.durationMs, 0);
  // The runs' own times added up: with --jobs they overlap, so it is not the wall time (say so).
  return `${verdict}  ${outcome.failures}/${outcome.runs} runs failed${timeouts}${empty}  (${(total / 1000).toFixed(1)} s${outcome.runs > 1 ? ' over all runs' : ''})`;
}

export const checkCommand: Subcommand = {
  name: 'check',
  summary: 'run the configured unit and integration tests plainly and count failures',
  help: `Usage: conlens check [dir] [--runs N] [--jobs J] [--json FILE] [--config FILE]

Runs the project's test commands as configured, under the TypeScript loader but
with no tracing and no scheduler: the unit command once, the integration
command N times. Use it to see that the configuration works and how often the
concurrent tests fail on their own.

Options:
  --runs N        integration runs (default: integration.runs from the config)
  --jobs J        integration runs in parallel (default 1)
  --json FILE     also write the outcome as JSON ("-" for standard output)
  --config FILE   use this configuration file instead of looking in dir
  -h, --help      show this help

A run whose test runner executed no test (none found, all skipped) counts as
neither a pass nor a failure.

Exit codes: 0 every run passed, 1 some run failed or hung, 2 configuration
error, a command that cannot start, or a suite whose every run executed no
test (nothing was checked).`,
  options: { runs: { type: 'string' }, jobs: { type: 'string' }, json: { type: 'string' }, config: { type: 'string' } },
  async run(values, positionals) {
    const runs = positiveInteger(values.runs, '--runs', 'check');
    const jobs = positiveInteger(values.jobs, '--jobs', 'check');
    const loaded = loadConfig(positionals[0] ?? '.', values.config as string | undefined);
    printWarnings(loaded.warnings);
    if (!(await commandsStart(loaded))) return EXIT_USAGE;
    const toStdout = values.json === '-';
    const log = (line: string) => (toStdout ? process.stderr : process.stdout).write(`${line}\n`);
    log(`${loaded.root}`);
    const result = await checkProject(loaded, {
      runs,
      jobs,
      onRunDone: (suite, outcome) => {
        // A run that executed no test is not a failure of the tests (the summary does not count it
        // as one): said as what it is, so the lines and the summary agree (trial 13).
        if (!outcome.passed) log(`  ${suite} run ${outcome.run}: ${outcome.timedOut ? 'over the time budget, killed' : outcome.noTests !== undefined ? `ran no test (exit ${outcome.exitCode})` : `failed (exit ${outcome.exitCode})`}`);
      },
    });
    for (const suite of [result.unit, result.integration]) {
      if (suite) log(`  ${suite.suite.padEnd(12)} ${describeSuite(suite)}`);
    }
    if (!result.unit && !result.integration) log('  no unit or integration command configured');
    if (result.unit && result.unit.failures > 0 && result.unit.firstFailureOutput) {
      log(`  unit output (tail):\n${result.unit.firstFailureOutput.trimEnd().split('\n').slice(-30).map((l) => `    ${l}`).join('\n')}`);
    }
    if (values.json) {
      const text = `${JSON.stringify(result, null, 2)}\n`;
      if (toStdout) process.stdout.write(text);
      else writeFileSync(values.json as string, text);
    }
    const failed = (result.unit?.failures ?? 0) + (result.integration?.failures ?? 0);
    if (failed > 0) return EXIT_FINDINGS;
    const empty = [result.unit, result.integration].filter((suite) => suite && checkedNothing(suite)) as SuiteOutcome[];
    for (const suite of empty) {
      log(`  not checked: every ${suite.suite} run executed no test — check that ${suite.suite}.command in ${result.configFile} names your test files (and that they are not all skipped)`);
    }
    return empty.length > 0 ? EXIT_NOT_CHECKED : EXIT_OK;
  },
};
