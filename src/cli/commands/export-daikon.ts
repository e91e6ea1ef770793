import { relative } from 'node:path';
import { exportDaikon, TraceFormatError } from '../../core/trace/index.js';
import { EXIT_OK, EXIT_USAGE, UsageError } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

export const exportDaikonCommand: Subcommand = {
  name: 'export-daikon',
  summary: 'write a traced run as Daikon .decls and .dtrace files',
  help: `Usage: conlens export-daikon <run-dir> --out DIR

Reads the trace files of a run folder (what conlens trace prints, e.g.
.conlens/runs/<run-id>) and writes DIR/trace.decls (Daikon declarations,
decl-version 2.0) and DIR/trace.dtrace (one record per ENTER and EXIT sample,
paired by this_invocation_nonce), so that Daikon itself can read them:

  java -cp daikon.jar daikon.Daikon DIR/trace.decls DIR/trace.dtrace

Program points are named <function>(<parameter names>):::ENTER and
...:::EXIT<line>; functions outside classes are prefixed by their file.
Exits by exception are left out. A trace cut short (a killed process) is
exported up to the cut, with a warning.

Options:
  --out DIR       where to write trace.decls and trace.dtrace (created if missing)
  -h, --help      show this help

Exit codes: 0 written, 2 usage error or a folder that is not a run folder.`,
  options: { out: { type: 'string' } },
  async run(values, positionals) {
    const runDir = positionals[0];
    if (runDir === undefined) throw new UsageError('which run? give the run folder, e.g. .conlens/runs/<run-id>', 'export-daikon');
    if (positionals.length > 1) throw new UsageError(`one run folder at a time, got ${positionals.length}`, 'export-daikon');
    const out = values.out;
    if (typeof out !== 'string' || out === '') throw new UsageError('--out DIR is required: the folder for trace.decls and trace.dtrace', 'export-daikon');
    let result;
    try {
      result = await exportDaikon(runDir, out);
    } catch (error) {
      if (error instanceof TraceFormatError) {
        process.stderr.write(`conlens: ${error.message}\n`);
        return EXIT_USAGE;
      }
      throw error;
    }
    const show = (path: string) => relative(process.cwd(), path) || '.';
    const lines = [
      `decls:  ${show(result.decls)}  (${result.points} program points)`,
      `dtrace: ${show(result.dtrace)}  (${result.samples} records from ${result.files} trace file(s))`,
    ];
    for (const file of result.truncated) lines.push(`warning: ${show(file)} is truncated (the process ended without flushing); exported up to the cut`);
    if (result.threw) lines.push(`note: ${result.threw} exit(s) by exception left out (their ENTER records stay unmatched, which Daikon accepts)`);
    if (result.samples === 0) lines.push('note: the run recorded no program-point samples; the files hold no records (does "include" match the source the tests load?)');
    else lines.push(`run Daikon: java -cp daikon.jar daikon.Daikon ${show(result.decls)} ${show(result.dtrace)}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
