import { formatProblem, type ConfigProblem } from '../core/config/index.js';
import { commandProblems } from '../core/config/command.js';
import type { LoadedConfig } from '../core/config/config-types.js';

export function printWarnings(warnings: ConfigProblem[]): void {
  for (const warning of warnings) process.stderr.write(`warning: ${formatProblem(warning)}\n`);
}

/** Before `check` or `rank` runs anything: a command that cannot start — its program, or an npm
 *  script's own program (its failures would read as failing tests, exit 127) — said as `config`
 *  says it. Both commands before either runs: a misspelt integration program was reported only
 *  after the unit tests had run (trial17). True: go on. */
export async function commandsStart(loaded: LoadedConfig): Promise<boolean> {
  const { unit, integration } = loaded.config;
  const problems = [
    ...(unit ? await commandProblems(unit.command, loaded.root, 'unit.command') : []),
    ...(integration ? await commandProblems(integration.command, loaded.root, 'integration.command') : []),
  ];
  for (const problem of problems) process.stderr.write(`conlens: ${loaded.file}: ${problem}\n`);
  return problems.length === 0;
}
