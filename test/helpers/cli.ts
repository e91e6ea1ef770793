import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const REPO = join(__dirname, '..', '..');
export const CLI = join(REPO, 'dist', 'cli.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `conlens` CLI as a user would. */
export function conlens(args: string[], cwd = REPO): CliResult {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env, timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
