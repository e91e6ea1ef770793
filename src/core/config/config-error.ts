import type { ConfigProblem } from './config-types.js';

export function formatProblem(problem: ConfigProblem): string {
  const where = problem.line > 0 ? `${problem.file}:${problem.line}:${problem.column}` : problem.file;
  const path = problem.path ? `${problem.path}: ` : '';
  return `${where}: ${path}${problem.message}`;
}

/** A configuration the engine cannot work with. The CLI turns it into exit code 2. */
export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[], readonly warnings: ConfigProblem[] = []) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ConfigError';
  }
}
