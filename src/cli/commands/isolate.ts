import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { loadConfig } from '../../core/config/index.js';
import { NoCommandError } from '../../core/trace/index.js';
import type { Violation } from '../../core/active/index.js';
import { isolateFailure } from '../../core/pipeline/index.js';
import { isolationLines } from '../../core/report/isolation-text.js';
import { printWarnings } from '../print-config.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from '../exit-codes.js';
import { positiveInteger, type Subcommand } from '../subcommand.js';

function readViolation(file: string): Violation {
  let violation: Violation;
  try {
    violation = JSON.parse(readFileSync(file, 'utf8')) as Violation;
  } catch (error) {
    throw new UsageError(`${file}: cannot read a violation report: ${(error as Error).message}`, 'isolate');
  }
  if (!violation.decisions || !violation.kind) throw new UsageError(`${file}: not a violation report (no kind / decisions); give the violation.json conlens fuzz or rank wrote`, 'isolate');
  return violation;
}

/** A passing run's decisions: any JSON with "decisions" (`conlens replay --seed S --strategy X
 *  --json FILE` of a run that passed writes one). */
function readDecisions(file: string): Record<string, string[]> {
  let json: { decisions?: Record<string, string[]> };
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: cannot read the passing run's decisions: ${(error as Error).message}`, 'isolate');
  }
  if (!json.decisions || typeof json.decisions !== 'object') throw new UsageError(`${file}: no "decisions"; give the JSON of a passing run (conlens replay --seed S --strategy X --json FILE)`, 'isolate');
  return json.decisions;
}

export const isolateCommand: Subcommand = {
  name: 'isolate',
  summary: 'narrow a failing schedule to the one preemption that makes it fail (Choi & Zeller)',
  help: `Usage: conlens isolate <violation.json> [dir] [--passing violation.json|decisions.json] [--budget N] [--json FILE] [--config FILE]

Delta-debugs the schedule of a failing run (Choi & Zeller, ISSTA 2002): the
differences between it and a passing schedule — the preemptions one made and
the other did not — are narrowed, replaying each candidate schedule, to a
minimal difference that still fails; usually one preemption: "the failure
needs only this: T2 ran Account.deposit line 12 (reads \`balance\`) between T1's
… and its resumption at …". The passing schedule is Node's own order when a
run of it passes; when it fails too, give a passing run with --passing (a JSON
file with its "decisions"), or there is nothing to compare with and isolate
says so. The minimal failing run's violation.json is written for replay.

Options:
  --passing FILE  a passing run's decisions: a JSON file with "decisions", such
                  as conlens replay --seed S --strategy X --json FILE writes
  --budget N      candidate schedules to replay at most (default 16)
  --stall-ms MS   stall time before a deadlock/hang is declared (default 2000)
  --json FILE     also write the result as JSON ("-" for standard output)
  --config FILE   use this configuration file instead of looking in dir
  -h, --help      show this help

Exit codes: 0 a minimal difference was isolated, 1 it was not (skipped or not
reproduced: the output says why), 2 usage or configuration error.`,
  options: {
    passing: { type: 'string' },
    budget: { type: 'string' },
    'stall-ms': { type: 'string' },
    json: { type: 'string' },
    config: { type: 'string' },
  },
  async run(values, positionals) {
    const file = positionals[0];
    if (!file || !file.endsWith('.json')) throw new UsageError('give the violation.json of a failing run', 'isolate');
    const violation = readViolation(file);
    const passing = typeof values.passing === 'string' ? readDecisions(values.passing) : undefined;
    const budget = positiveInteger(values.budget, '--budget', 'isolate');
    const stallMs = positiveInteger(values['stall-ms'], '--stall-ms', 'isolate');
    const loaded = loadConfig(positionals[1] ?? '.', values.config as string | undefined);
    printWarnings(loaded.warnings);
    const toStdout = values.json === '-';
    const log = (line: string) => (toStdout ? process.stderr : process.stdout).write(`${line}\n`);
    let result;
    try {
      result = await isolateFailure(loaded, { violation, passing, budget, stallMs, onReplay: (what) => log(`replay: ${what}`) });
    } catch (error) {
      if (error instanceof NoCommandError) throw new UsageError(error.message, 'isolate');
      throw error;
    }
    log('');
    for (const line of isolationLines(result)) log(line);
    if (result.schedule?.length) {
      log('');
      log('the minimal failing schedule, around the critical preemption:');
      for (const s of result.schedule) log(`  ${s.task.padEnd(4)} ${s.function} ${s.event} (${s.file}:${s.line})`);
    }
    if (result.violationFile) log(`replay it: conlens replay ${relative(process.cwd(), result.violationFile) || result.violationFile}`);
    if (values.json) {
      const text = `${JSON.stringify(result, null, 2)}\n`;
      if (toStdout) process.stdout.write(text);
      else writeFileSync(values.json as string, text);
    }
    return result.status === 'isolated' ? EXIT_OK : EXIT_FINDINGS;
  },
};
