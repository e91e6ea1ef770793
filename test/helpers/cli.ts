import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const REPO = join(__dirname, '..', '..');
export const CLI = join(REPO, 'dist', 'cli.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `conlens` CLI as a user would; killed after `timeoutMs` (status null). */
export function conlens(args: string[], cwd = REPO, timeoutMs = 300_000): CliResult {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env, timeout: timeoutMs });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs one test file of a project with the built loader preloaded, as a user's `node --test`:
 *  its output, prefixed `FAILED` when it failed (a synthesized test exposing its bug). */
export function runTest(file: string, cwd: string): string {
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  try {
    return execFileSync(process.execPath, ['--import', join(REPO, 'dist', 'register.mjs'), '--test', file], { cwd, encoding: 'utf8', env: { ...env, NODE_OPTIONS: '' } });
  } catch (error) {
    return `FAILED\n${String((error as { stdout?: string }).stdout)}`;
  }
}

// One process for many calls: loads the built CLI once, calls its main() for each argument list
// in turn with stdout and stderr captured, and prints the results as JSON.
const BATCH = `
const { main } = require(process.argv[1]);
const calls = JSON.parse(process.argv[2]);
const print = process.stdout.write.bind(process.stdout);
const capture = (stream, sink) => (stream.write = (chunk, encoding, done) => { sink.text += String(chunk); (typeof encoding === 'function' ? encoding : done)?.(); return true; });
(async () => {
  const results = [];
  for (const args of calls) {
    const stdout = { text: '' }, stderr = { text: '' };
    const [out, err] = [process.stdout.write, process.stderr.write];
    capture(process.stdout, stdout);
    capture(process.stderr, stderr);
    let status;
    try { status = await main(args); } finally { process.stdout.write = out; process.stderr.write = err; }
    results.push({ status, stdout: stdout.text, stderr: stderr.text });
  }
  print(JSON.stringify(results));
})();`;

/** `conlens` with each argument list, as conlens() would report it (the exit code main() returns,
 *  what it printed), in one process: loading the 15 MB CLI bundle costs about 0.7 s of CPU, so
 *  the commands that only parse, validate and print share one. How a real `conlens` process
 *  exits and flushes stays with conlens(). */
export function conlensBatch(calls: string[][], cwd = REPO): CliResult[] {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, ['-e', BATCH, CLI, JSON.stringify(calls)], { cwd, encoding: 'utf8', env, timeout: 300_000 });
  if (result.status !== 0) throw new Error(`the CLI batch failed (exit ${result.status}):\n${result.stderr}`);
  return JSON.parse(result.stdout) as CliResult[];
}
