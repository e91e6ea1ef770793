import { writeFileSync } from 'node:fs';
import { failureInvariants, formatFailureInvariants } from '../../core/invariants/diff.js';
import { InvariantSetError, readInvariantSet } from '../../core/invariants/invariant-json.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

export const diffCommand: Subcommand = {
  name: 'diff',
  summary: 'compare reference and online invariants; print the failure invariants (004 IV-B)',
  help: `Usage: conlens diff <reference.json> <online.json> [--json FILE]

Compares two invariant sets written by conlens mine --json — the reference
invariants (unit runs) and the online invariants (integration runs) — the way
Daikon's diff does: invariants pair when they are at the same program point,
of the same template and over the same variables, and each pair gets a
relationship code, S(ame) / D(ifferent) / M(issing) × J(ustified) /
U(njustified), reference first:
  SJJ SJU SUJ SUU DJJ DJU DUJ DUU JM UM MJ MU
and a type: UInt, U!Int, NInt, N!Int (unary / nullary, interesting or not),
Bin, Ter. Prints the failure invariants (004 IV-B): the pairs that are
different and justified in both (DJJ), or justified in one set and missing in
the other (JM: only in the reference, MJ: only online), per program point as
  <reference {confidence}, online {confidence}>  (type, relationship)
with null for a missing side, then how many pairs of each code the diff found.

Options:
  --json FILE     write the failure invariants as JSON, a FailureInvariantSet
                  ("-" for standard output)
  -h, --help      show this help

Exit codes: 0 no failure invariants, 1 failure invariants found, 2 usage
error or a file that is missing or not an InvariantSet.`,
  options: { json: { type: 'string' } },
  async run(values, positionals) {
    if (positionals.length !== 2) {
      throw new UsageError(`give two invariant files, the reference (unit) and the online (integration) one; got ${positionals.length}`, 'diff');
    }
    if (values.json === '') throw new UsageError('--json needs a file name ("-" for standard output)', 'diff');
    const [refFile, onlineFile] = positionals;
    let reference, online;
    try {
      reference = readInvariantSet(refFile);
      online = readInvariantSet(onlineFile);
    } catch (error) {
      if (error instanceof InvariantSetError) {
        process.stderr.write(`conlens: ${error.message}\n`);
        return EXIT_USAGE;
      }
      throw error;
    }
    const set = failureInvariants(reference, online);
    const warnings: string[] = [];
    if (reference.confidence !== online.confidence) {
      warnings.push(`warning: the sets were mined at different confidence levels (${refFile}: ${reference.confidence}, ${onlineFile}: ${online.confidence}); justified means different things in each`);
    }
    if (values.json !== undefined) {
      const json = `${JSON.stringify(set, null, 2)}\n`;
      if (values.json === '-') process.stdout.write(json);
      else writeFileSync(values.json as string, json);
    }
    if (values.json !== '-') {
      process.stdout.write(`${warnings.map((w) => `${w}\n`).join('')}${formatFailureInvariants(set)}`);
      if (values.json !== undefined) process.stdout.write(`failure invariants written to ${values.json}\n`);
    } else if (warnings.length) {
      process.stderr.write(`${warnings.join('\n')}\n`);
    }
    return set.failureInvariants.length ? EXIT_FINDINGS : EXIT_OK;
  },
};
