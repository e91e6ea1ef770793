import { loadConfig } from '../../core/config/index.js';
import { printWarnings } from '../print-config.js';
import { EXIT_OK } from '../exit-codes.js';
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

Exit codes: 0 valid, 2 invalid or missing (each problem is printed as
file:line:column: json.path: what to fix).`,
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
    const lines = [
      `${loaded.file}: valid`,
      `  project      ${loaded.root}`,
      `  include      ${config.include.join(', ')}`,
      `  unit         ${config.unit ? command(config.unit.command) : '(none)'}`,
      `  integration  ${config.integration ? `${command(config.integration.command)}  × ${config.integration.runs} runs` : '(none)'}`,
      `  roots        ${config.roots.length ? config.roots.join(', ') : '(functions with no callers)'}`,
      `  atomic       ${config.atomic.length ? config.atomic.join(', ') : '(none besides /** @atomic */)'}`,
      `  locks        ${config.locks.length ? config.locks.map((l) => `${l.module}#${l.export}.${l.acquire}/${l.release}`).join(', ') : '(async-mutex only)'}`,
      `  timeoutMs    ${config.timeoutMs}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
