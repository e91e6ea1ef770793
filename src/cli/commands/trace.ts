import { relative } from 'node:path';
import { loadConfig } from '../../core/config/index.js';
import { NoCommandError, runTraced, summarizeRun, type Suite } from '../../core/trace/index.js';
import { printWarnings } from '../print-config.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

export const traceCommand: Subcommand = {
  name: 'trace',
  summary: 'run the unit or integration tests once, instrumented, and record a trace',
  help: `Usage: conlens trace [dir] --tests unit|integration [--out DIR] [--fields|--no-fields] [--depth N] [--config FILE]

Runs the configured test command once, unchanged, with the Concurrency Lens loader
in every test process: the files matching "include" are instrumented and each
process streams its trace (calls with parameter and this-field values, returns,
exceptions, awaits, locks, and for integration runs field accesses) to
.conlens/runs/<run-id>/trace-<pid>.jsonl (or DIR). Prints where the trace went,
how many program points and events it holds, and the test result.

Options:
  --tests SUITE   unit or integration (required)
  --out DIR       write the trace files here instead of .conlens/runs/<run-id>
  --fields        record field reads/writes (default for integration)
  --no-fields     do not record them (default for unit)
  --depth N       how deep this/parameter objects are captured (default 2)
  --config FILE   use this configuration file instead of looking in dir
  -h, --help      show this help

Exit codes: 0 the tests passed, 1 they failed or hung (the trace is written
either way), 2 configuration error or a command that cannot start.`,
  options: {
    tests: { type: 'string' },
    out: { type: 'string' },
    fields: { type: 'boolean' },
    'no-fields': { type: 'boolean' },
    depth: { type: 'string' },
    config: { type: 'string' },
  },
  async run(values, positionals) {
    const suite = values.tests;
    if (suite !== 'unit' && suite !== 'integration') throw new UsageError('--tests must be unit or integration', 'trace');
    const depth = values.depth === undefined ? undefined : Number(values.depth);
    if (depth !== undefined && (!Number.isInteger(depth) || depth < 0 || depth > 5)) throw new UsageError('--depth must be a whole number from 0 to 5', 'trace');
    const loaded = loadConfig(positionals[0] ?? '.', values.config as string | undefined);
    printWarnings(loaded.warnings);
    let run;
    try {
      run = await runTraced(loaded, {
        suite: suite as Suite,
        out: values.out as string | undefined,
        fields: values['no-fields'] ? false : values.fields ? true : undefined,
        depth,
      });
    } catch (error) {
      if (error instanceof NoCommandError) throw new UsageError(error.message, 'trace');
      throw error;
    }
    const summary = await summarizeRun(run.runDir);
    const where = relative(process.cwd(), run.runDir) || '.';
    const verdict = run.timedOut ? `HANG: killed after ${loaded.config.timeoutMs} ms` : run.passed ? 'passed' : `FAILED (exit ${run.exitCode})`;
    const lines = [
      `trace: ${where}`,
      `tests: ${suite} ${verdict} in ${(run.durationMs / 1000).toFixed(1)} s  (${run.argv.join(' ')})`,
      `${summary.files.length} trace file(s), ${summary.points.length} program points, ${summary.activations} calls, ${summary.events} events`,
      `events: ${Object.entries(summary.byKind).filter(([k]) => !['header', 'fn', 'site', 'end'].includes(k)).map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
    ];
    const touched = Object.entries(summary.accesses).filter(([, n]) => n.reads + n.writes > 0);
    if (touched.length) lines.push(`shared state: ${touched.map(([c, n]) => `${c} ${n.reads} read / ${n.writes} written`).join(', ')}`);
    for (const r of summary.resources.slice(0, 8)) lines.push(`  ${r.key.replace(/^dir:/, 'directory ').replace(/^file:/, 'file ').replace(/^port:/, 'port ')}: ${r.reads} read / ${r.writes} written`);
    if (summary.resources.length > 8) lines.push(`  … ${summary.resources.length - 8} more resources`);
    for (const file of summary.files) {
      if (file.truncated) lines.push(`warning: ${relative(process.cwd(), file.file)} is truncated (the process ended without flushing)`);
    }
    for (const error of summary.errors) lines.push(`recorded ${error.kind}: ${error.message}`);
    if (summary.points.length) {
      lines.push('', 'program point                          ENTER   EXIT  threw');
      for (const p of summary.points.slice(0, 40)) lines.push(`${p.function.padEnd(38)} ${String(p.enter).padStart(5)} ${String(p.exit).padStart(6)} ${String(p.threw).padStart(6)}`);
      if (summary.points.length > 40) lines.push(`… ${summary.points.length - 40} more`);
    } else {
      lines.push(run.unhookedRunner ?? 'no program point was recorded: does "include" match the source files the tests load?');
    }
    if (!run.passed && run.output) lines.push('', 'test output (tail):', ...run.output.trimEnd().split('\n').slice(-15).map((l) => `  ${l}`));
    process.stdout.write(`${lines.join('\n')}\n`);
    return run.passed ? EXIT_OK : EXIT_FINDINGS;
  },
};
