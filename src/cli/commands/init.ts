import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE_NAME } from '../../core/config/index.js';
import { chooseStarterConfig, installedRunnerRefusal, readProjectShape, StarterConfigError } from '../../core/config/starter-config.js';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

export const initCommand: Subcommand = {
  name: 'init',
  summary: 'write a starter conlens.config.json from package.json and the test files',
  help: `Usage: conlens init [dir] [--force]

Writes dir/conlens.config.json (default: the current folder) from what the
project has: the test runner its package.json uses (node:test, Jest, Vitest,
Mocha), its source folder (include), and its tests: the unit command, and an
integration command when tests run work concurrently (test/integration/, or
tests with Promise.all); with none, conlens rank synthesizes concurrent tests
from the unit tests. Prints what it chose and why. The same starter as the
VS Code extension's "Create configuration" button.

Options:
  --force         overwrite an existing conlens.config.json
  -h, --help      show this help

Exit codes: 0 written, 2 not written: a configuration exists (use --force),
the folder is missing, or init cannot choose (a runner or runner version it
does not trace, several runners, no tests) — the message says what to do.`,
  options: { force: { type: 'boolean' } },
  async run(values, positionals) {
    const root = resolve(positionals[0] ?? '.');
    const file = join(root, CONFIG_FILE_NAME);
    if (!existsSync(root)) return refuse(`${root} does not exist; run conlens init in your project's folder`);
    if (existsSync(file) && !values.force) return refuse(`${file} exists; conlens config ${positionals[0] ?? '.'} checks it, conlens init --force replaces it`);
    let choice;
    try {
      choice = chooseStarterConfig(readProjectShape(root));
    } catch (error) {
      if (error instanceof StarterConfigError) return refuse(`cannot choose a configuration for ${root}: ${error.message}`);
      throw error;
    }
    // A runner version traced runs refuse (runner-support.ts): said now, not at the first rank.
    const refusal = installedRunnerRefusal(choice.text, root);
    if (refusal) return refuse(`cannot choose a configuration for ${root}: ${refusal}`);
    writeFileSync(file, choice.text);
    const lines = [`wrote ${file}`, ...choice.reasons.map((r) => `  ${r}`), '', 'Next: conlens config checks it; conlens rank runs it.'];
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};

function refuse(message: string): number {
  process.stderr.write(`conlens: ${message}\n`);
  return EXIT_USAGE;
}
