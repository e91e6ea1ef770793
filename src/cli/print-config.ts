import { formatProblem, type ConfigProblem } from '../core/config/index.js';
import { scriptProblems } from '../core/config/command.js';
import type { LoadedConfig } from '../core/config/config-types.js';

export function printWarnings(warnings: ConfigProblem[]): void {
  for (const warning of warnings) process.stderr.write(`warning: ${formatProblem(warning)}\n`);
}

/** Before `check` or `rank` runs anything: an npm script whose own command cannot start (its
 *  failures would read as failing tests, exit 127), said as `config` says it. True: go on. */
export async function scriptsStart(loaded: LoadedConfig): Promise<boolean> {
  const { unit, integration } = loaded.config;
  const problems = [
    ...(unit ? await scriptProblems(unit.command, loaded.root, 'unit.command') : []),
    ...(integration ? await scriptProblems(integration.command, loaded.root, 'integration.command') : []),
  ];
  for (const problem of problems) process.stderr.write(`conlens: ${loaded.file}: ${problem}\n`);
  return problems.length === 0;
}
