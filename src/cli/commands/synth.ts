import { relative } from 'node:path';
import { loadConfig } from '../../core/config/index.js';
import { SynthInputError, synthesize, type SynthMethodOption } from '../../core/synth/synthesize.js';
import { printWarnings } from '../print-config.js';
import { EXIT_OK, UsageError } from '../exit-codes.js';
import { positiveInteger, type Subcommand } from '../subcommand.js';

export const synthCommand: Subcommand = {
  name: 'synth',
  summary: 'write concurrent tests from the sequential unit tests (INTRUDER 000, He et al. 002)',
  help: `Usage: conlens synth [dir] [--method intruder|he|both|random] [--max N] [--out DIR] [--config FILE]

Runs the unit tests once, traced with field accesses, and writes concurrent tests
that call two functions at the same time on shared objects:
  intruder  000 §3: variable-lock dependencies of each call the tests make,
            PC-R pairs (two accesses of one call that a remote write or read of
            another can come between), the feasibility scanner (a lock held over
            both that the remote call also takes rules the pair out, unless a
            setter lets two containers share the inner object; an access pair in
            one synchronous step is guarded by the event loop), then the two
            calls on objects built as the seed test built them;
  he        002 Alg. 1: for a member variable a non-synchronized method touches,
            that method against each reader and writer of the variable, on the
            object the seed test grew;
  both      (default) INTRUDER's tests, then He et al.'s for other pairs;
  random    the baseline of bench/synth (ConTeGe-style): two public methods
            drawn at random, on one shared object.
Objects and arguments are the ones the unit tests used (their recorded
constructor calls, the calls that changed the object, the argument values); a
candidate whose arguments cannot be rebuilt is skipped with the reason.

Each test runs the pair through the linearization oracle (002 Alg. 2): every
sequential order first, then the concurrent run; it fails only when the
concurrent run shows an exception, hang, return value or final state no
sequential order shows (a run that never ends within its budget is a hang; a
pair with a task body, a function that pauses in a loop, is compared on
exceptions and hangs only). The files use the project's runner (node:test,
Mocha, Jest or Vitest, from the unit command) and import linearizable from
concurrency-lens/concurrently (by a relative path when the project has not
installed it). Run them with the runner, or with
conlens fuzz / conlens rank (which synthesizes them itself when no integration
command is configured, or with --synthesize).

Options:
  --method M     intruder, he, both (default) or random
  --max N        write at most N tests
  --out DIR      where to write them (default .conlens/synth; old synth-*.test.ts
                 files there are replaced)
  --config FILE  use this configuration file instead of looking in dir
  -h, --help     show this help

Exit codes: 0 tests written (or none found), 2 configuration error or failing
unit tests.`,
  options: { method: { type: 'string' }, max: { type: 'string' }, out: { type: 'string' }, config: { type: 'string' } },
  async run(values, positionals) {
    const method = (values.method as string | undefined) ?? 'both';
    if (!['intruder', 'he', 'both', 'random'].includes(method)) throw new UsageError(`--method must be intruder, he, both or random, got "${method}"`, 'synth');
    const max = positiveInteger(values.max, '--max', 'synth');
    const loaded = loadConfig(positionals[0] ?? '.', values.config as string | undefined);
    printWarnings(loaded.warnings);
    process.stderr.write(`conlens: running the unit tests traced (${String(loaded.config.unit?.command ?? '')})…\n`);
    let out;
    try {
      out = await synthesize(loaded, { method: method as SynthMethodOption, max, out: values.out as string | undefined });
    } catch (error) {
      if (error instanceof SynthInputError) throw new UsageError(error.message, 'synth');
      throw error;
    }
    const where = relative(process.cwd(), out.outDir) || '.';
    const c = out.counts;
    process.stdout.write(`${out.files.length} concurrent test(s) written to ${where}/ (${out.runner === 'unknown' ? 'node:test' : out.runner})\n`);
    if (method === 'intruder' || method === 'both') process.stdout.write(`INTRUDER: ${c.dependencies} variable-lock dependencies, ${c.pairs} PC-R pairs, ${c.feasible} feasible\n`);
    if (method === 'he' || method === 'both') process.stdout.write(`He et al.: ${c.heCandidates} (p, c1, c2) candidates\n`);
    for (const [k, t] of out.tests.entries()) {
      process.stdout.write(`\n${String(k + 1).padStart(3)}. ${t.parts.map((p) => p.join(' → ')).join('  ∥  ')}   on ${t.field}   [${t.method}]\n     ${t.reason}${t.taskBody ? `\n     ${t.taskBody.fn} is a task body (pauses in a loop, line ${t.taskBody.line}): exceptions and hangs compared` : ''}\n     seed: ${t.seeds.join('; ')}\n     ${relative(process.cwd(), out.files[k])}\n`);
    }
    if (out.skipped.length) {
      process.stdout.write(`\nskipped ${out.skipped.length} candidate(s):\n`);
      for (const s of out.skipped.slice(0, 20)) process.stdout.write(`  ${s.parts.map((p) => p.join(' → ')).join(' ∥ ')} on ${s.field}: ${s.note}\n`);
      if (out.skipped.length > 20) process.stdout.write(`  … ${out.skipped.length - 20} more in ${where}/synth.json\n`);
    }
    process.stdout.write(`\nrun them: ${out.command.join(' ')}   (or conlens fuzz / conlens rank --synthesize)\n`);
    return EXIT_OK;
  },
};
