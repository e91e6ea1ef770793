import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadConfig } from '../../core/config/index.js';
import { formatInvariants, mineInvariants } from '../../core/invariants/miner.js';
import { NoCommandError, runTraced, TraceFormatError, type Suite } from '../../core/trace/index.js';
import { printWarnings } from '../print-config.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

/** A run folder holds trace-*.jsonl files or the run.json `conlens trace` writes. */
function isRunFolder(dir: string): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
  return existsSync(join(dir, 'run.json')) || readdirSync(dir).some((name) => /^trace-.*\.jsonl$/.test(name));
}

export const mineCommand: Subcommand = {
  name: 'mine',
  summary: 'mine likely invariants (Daikon-style) from a traced run',
  help: `Usage: conlens mine <run-dir>... [--json FILE] [--confidence C] [--per-exit]
       conlens mine [dir] [--tests unit|integration] [--json FILE] [--confidence C] [--per-exit] [--config FILE]

Mines likely invariants per program point, as Daikon does, from the samples of
a traced run: constants and one-of sets, bounds, non-zero, equalities and
orderings between variables, linear relations (this.xx - this.z - 1 == 0), …,
each with its confidence (justified at ≥ C). Prints them per program point in
Daikon's text style.

Given run folders (.conlens/runs/<run-id>, what conlens trace prints), mines
them together. Given a project folder (default "."), first runs its configured
unit or integration command once, traced (as conlens trace does), then mines
that run. Unit runs give the reference invariants, integration runs the online
invariants; compare two with conlens diff.

Options:
  --tests SUITE    unit (default) or integration; for a project folder only
  --json FILE      write the invariants as JSON, an InvariantSet ("-" for
                   standard output); conlens diff reads two of these
  --confidence C   confidence a justified invariant needs, 0 < C < 1 (default 0.99)
  --per-exit       also mine each return line's exit (SA.f:::EXIT12), not only
                   the combined :::EXIT
  --config FILE    use this configuration file instead of looking in dir
  -h, --help       show this help

Exit codes: 0 mined, 1 the traced test run failed or hung (the invariants are
mined and written anyway), 2 usage or configuration error, or a folder that is
not a run folder.`,
  options: {
    tests: { type: 'string' },
    json: { type: 'string' },
    confidence: { type: 'string' },
    'per-exit': { type: 'boolean' },
    config: { type: 'string' },
  },
  async run(values, positionals) {
    let confidence: number | undefined;
    if (values.confidence !== undefined) {
      confidence = Number(values.confidence);
      if (typeof values.confidence !== 'string' || values.confidence.trim() === '' || !(confidence > 0 && confidence < 1)) {
        throw new UsageError(`--confidence must be a number between 0 and 1 (exclusive), got "${String(values.confidence)}"`, 'mine');
      }
    }
    const suite = values.tests ?? 'unit';
    if (suite !== 'unit' && suite !== 'integration') throw new UsageError(`--tests must be unit or integration, got "${String(suite)}"`, 'mine');
    if (values.json === '') throw new UsageError('--json needs a file name ("-" for standard output)', 'mine');

    const targets = positionals.length ? positionals : ['.'];
    const runFolders = targets.filter(isRunFolder);
    let runDirs: string[];
    let testsPassed = true;
    const notes: string[] = [];
    if (runFolders.length === targets.length) {
      if (values.tests !== undefined) throw new UsageError('--tests is for a project folder; a run folder is mined as it is', 'mine');
      if (values.config !== undefined) throw new UsageError('--config is for a project folder; a run folder is mined as it is', 'mine');
      runDirs = targets;
    } else {
      if (targets.length > 1) {
        const other = targets.find((t) => !isRunFolder(t))!;
        throw new UsageError(`${other}: not a run folder (no trace-*.jsonl, no run.json); give either run folders or one project folder`, 'mine');
      }
      const dir = targets[0];
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir}: no such folder`, 'mine');
      const loaded = loadConfig(dir, values.config as string | undefined);
      printWarnings(loaded.warnings);
      let run;
      try {
        run = await runTraced(loaded, { suite: suite as Suite });
      } catch (error) {
        if (error instanceof NoCommandError) throw new UsageError(error.message, 'mine');
        throw error;
      }
      testsPassed = run.passed;
      const verdict = run.timedOut ? `HANG: killed after ${loaded.config.timeoutMs} ms` : run.passed ? 'passed' : `FAILED (exit ${run.exitCode})`;
      notes.push(`trace: ${relative(process.cwd(), run.runDir) || '.'}`, `tests: ${suite} ${verdict} in ${(run.durationMs / 1000).toFixed(1)} s  (${run.argv.join(' ')})`);
      if (!run.passed && suite === 'unit') notes.push('warning: the unit tests failed; invariants mined from a failing run are a poor reference');
      runDirs = [run.runDir];
    }

    let set;
    try {
      set = await mineInvariants(runDirs, { confidence, perExit: values['per-exit'] === true });
    } catch (error) {
      if (error instanceof TraceFormatError) {
        process.stderr.write(`conlens: ${error.message}\n`);
        return EXIT_USAGE;
      }
      throw error;
    }
    if (values.json !== undefined) {
      const json = `${JSON.stringify(set, null, 2)}\n`;
      if (values.json === '-') process.stdout.write(json);
      else writeFileSync(values.json as string, json);
    }
    if (values.json !== '-') {
      const head = notes.length ? `${notes.join('\n')}\n\n` : '';
      const text = formatInvariants(set);
      process.stdout.write(`${head}${text}${text.endsWith('\n') ? '' : '\n'}`);
      if (values.json !== undefined) process.stdout.write(`\ninvariants written to ${values.json}\n`);
    } else if (notes.length) {
      process.stderr.write(`${notes.join('\n')}\n`);
    }
    return testsPassed ? EXIT_OK : EXIT_FINDINGS;
  },
};
