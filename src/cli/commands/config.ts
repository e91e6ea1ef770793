import { commandProblems, loadConfig } from '../../core/config/index.js';
import { includeMatchesNothing } from '../../core/config/include-check.js';
import { printWarnings } from '../print-config.js';
import { EXIT_OK, EXIT_USAGE } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

export const configCommand: Subcommand = {
  name: 'config',
  summary: 'validate the configuration and print it with defaults filled in',
  help: `Usage: conlens config [dir] [--config FILE] [--json]

Finds the configuration of the project in dir (default: the current folder) —
conlens.config.json, else the "conlens" key of package.json — validates it and
prints the effective configuration (defaults filled in).

Options:
  --config FILE   use this configuration file instead of looking in dir
  --json          print the effective configuration as JSON
  -h, --help      show this help

Also checks each test command without running it: its globs must match files,
and its program must exist (on PATH or in node_modules/.bin; for npx, installed).

Exit codes: 0 valid, 2 invalid or missing (each problem is printed as
file:line:column: json.path: what to fix), or a command that cannot run.`,
  options: { config: { type: 'string' }, json: { type: 'boolean' } },
  async run(values, positionals) {
    const loaded = loadConfig(positionals[0] ?? '.', values.config as string | undefined);
    printWarnings(loaded.warnings);
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ root: loaded.root, file: loaded.file, config: loaded.config }, null, 2)}\n`);
      return EXIT_OK;
    }
    const { config } = loaded;
    const command = (spec: string | string[]) => (Array.isArray(spec) ? JSON.stringify(spec) : spec);
    const noFiles = includeMatchesNothing(loaded);
    const problems = [
      ...(noFiles ? [`include: ${noFiles}`] : []),
      ...(config.unit ? await commandProblems(config.unit.command, loaded.root, 'unit.command') : []),
      ...(config.integration ? await commandProblems(config.integration.command, loaded.root, 'integration.command') : []),
    ];
    const lines = [
      `${loaded.file}: ${problems.length ? `valid, but ${noFiles ? 'include names no file' : 'a command cannot run'} as configured (below)` : 'valid'}`,
      `  project      ${loaded.root}`,
      `  include      ${config.include.join(', ')}`,
      `  unit         ${config.unit ? command(config.unit.command) : '(none)'}`,
      `  integration  ${config.integration ? `${command(config.integration.command)}  × ${config.integration.runs} run${config.integration.runs === 1 ? '' : 's'}` : '(none)'}`,
      `  roots        ${config.roots.length ? config.roots.join(', ') : '(functions with no callers)'}`,
      `  atomic       ${config.atomic.length ? config.atomic.join(', ') : '(none besides /** @atomic */)'}`,
      `  locks        ${config.locks.length ? config.locks.map((l) => `${l.module}#${l.export}.${l.acquire}/${l.release}`).join(', ') : '(none configured: async-mutex and lock-shaped objects such as async-sema\'s Sema are recognised by shape)'}`,
      `  timeoutMs    ${config.timeoutMs}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    for (const problem of problems) process.stderr.write(`${loaded.file}: ${problem}\n`);
    return problems.length ? EXIT_USAGE : EXIT_OK;
  },
};
