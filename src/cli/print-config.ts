import { formatProblem, type ConfigProblem } from '../core/config/index.js';

export function printWarnings(warnings: ConfigProblem[]): void {
  for (const warning of warnings) process.stderr.write(`warning: ${formatProblem(warning)}\n`);
}
