// Runs one configured test command as its own process group, under our loader hook, within a
// time budget. A run over budget is killed (the whole group: `node --test` and mocha spawn
// children) and reported as timedOut, never left hanging.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommand, expandCommand } from '../config/command.js';
import type { CommandSpec } from '../config/config-types.js';
import { TRACE_ENV } from '../instrument/instrument-config.js';
import { wrapForRunner } from './test-runners.js';
import { RunnerRefusedError, runnerRefusal } from './runner-support.js';
import { withoutTypeScriptLoaders } from './ts-loaders.js';
import './vitest.js';
// Registers the Jest wrapper with test-runners.ts.
import './jest.js';
// ava's and tap's wrappers (ava.ts, tap.ts).
import './ava.js';
import './tap.js';

export interface RunRequest {
  /** Which configuration key the command came from, for messages: "unit.command". */
  label: string;
  spec: CommandSpec;
  cwd: string;
  timeoutMs: number;
  /** Extra environment for the test process. */
  env?: Record<string, string>;
  /** Called with output as it arrives (the result keeps only a bounded tail). */
  onOutput?: (chunk: string, stream: 'stdout' | 'stderr') => void;
  /** Aborts the run (the process group is killed). */
  signal?: AbortSignal;
}

export interface RunResult {
  argv: string[];
  /** The configured argv (argv is a runner wrapper's when one took the command over). */
  configured: string[];
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  passed: boolean;
  durationMs: number;
  /** The last OUTPUT_TAIL_BYTES of stdout and stderr, interleaved as they arrived. */
  output: string;
}

/** A command that could not be started at all: the program is missing or not executable. */
export class CommandStartError extends Error {
  constructor(readonly label: string, readonly program: string, cause: string) {
    super(`${label}: cannot start "${program}": ${cause}`);
    this.name = 'CommandStartError';
  }
}

const OUTPUT_TAIL_BYTES = 64 * 1024;
/** What node prints when it refuses an option of its command line or of NODE_OPTIONS. */
const NODE_REFUSED = /^\S*node: (?:bad option: .*|.* is not allowed in NODE_OPTIONS.*)$/m;
const KILL_GRACE_MS = 2_000;

/** dist/register.cjs: next to the bundle that runs this code, or in dist/ when run from source. */
export function registerEntry(): string {
  const candidates = [join(__dirname, 'register.cjs'), join(__dirname, '..', '..', '..', 'dist', 'register.cjs')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Concurrency Lens is not built: none of ${candidates.join(', ')} exists (run npm run build)`);
  return found;
}

function nodeOptionsWith(existing: string | undefined, register: string): string {
  // --require, not --import: see instrument/register-require.ts.
  const ours = `--require=${JSON.stringify(register)}`;
  return existing ? `${existing} ${ours}` : ours;
}

export async function runCommand(request: RunRequest): Promise<RunResult> {
  const parsed = parseCommand(request.spec);
  const configured = await expandCommand(parsed, request.cwd, request.label);
  // A traced run under a runner or version we cannot trace is refused before it starts
  // (runner-support.ts); plain runs (conlens check) run any.
  if (request.env?.[TRACE_ENV]) {
    const refusal = runnerRefusal(configured, request.cwd);
    if (refusal) throw new RunnerRefusedError(`${request.label}: ${refusal}`);
  }
  // Jest and Vitest load the code through their own pipelines: started through our wrapper
  // (test-runners.ts), with the user's own arguments.
  let baseEnv: NodeJS.ProcessEnv = { ...process.env, ...parsed.env, ...request.env };
  let command = configured;
  // Another TypeScript loader would compile our instrumented output again and lose the
  // positions: traced runs compile with ours alone (ts-loaders.ts). A plain run of a command that
  // loads TypeScript itself runs as written, without ours under it: stacked, tsx took our
  // CommonJS output of a .ts file for an ES module and the tests of a package without "type"
  // failed with "require is not defined" in every run of `conlens check`, never by hand
  // (unseen4 author B).
  const loaderFree = await withoutTypeScriptLoaders(configured, request.cwd, baseEnv);
  const traced = Boolean(request.env?.[TRACE_ENV]);
  if (traced && loaderFree) {
    command = loaderFree.argv;
    baseEnv = { ...baseEnv, ...loaderFree.env };
  }
  const ownLoader = !traced && loaderFree !== undefined;
  const wrapped = wrapForRunner(command, request.cwd, baseEnv);
  const argv = wrapped?.argv ?? command;
  const env: NodeJS.ProcessEnv = { ...baseEnv, ...wrapped?.env };
  if (!ownLoader) env.NODE_OPTIONS = nodeOptionsWith(env.NODE_OPTIONS, registerEntry());
  // When we are ourselves inside a node:test run, a child `node --test` would think it is nested
  // and skip its files; the user's command must run as if started from a terminal.
  delete env.NODE_TEST_CONTEXT;
  const started = performance.now();
  const child = spawn(argv[0], argv.slice(1), { cwd: request.cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

  let output = '';
  const collect = (stream: 'stdout' | 'stderr') => (data: Buffer) => {
    const text = data.toString('utf8');
    request.onOutput?.(text, stream);
    output += text;
    if (output.length > OUTPUT_TAIL_BYTES * 2) output = output.slice(-OUTPUT_TAIL_BYTES);
  };
  child.stdout.on('data', collect('stdout'));
  child.stderr.on('data', collect('stderr'));

  let timedOut = false;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  const stop = () => {
    killGroup('SIGTERM');
    setTimeout(() => killGroup('SIGKILL'), KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, request.timeoutMs);
  const onAbort = () => stop();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  // If we are interrupted ourselves, do not leave the user's test processes behind.
  const onExit = () => killGroup('SIGKILL');
  process.once('exit', onExit);

  try {
    const { exitCode, signal } = await new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>((resolveExit, reject) => {
      child.once('error', (error: NodeJS.ErrnoException) => {
        const cause = error.code === 'ENOENT' ? 'no such program (check the spelling and PATH)' : error.message;
        reject(new CommandStartError(request.label, argv[0], cause));
      });
      child.once('close', (code, sig) => resolveExit({ exitCode: code, signal: sig }));
    });
    // Node refused its own options (exit 9): the command did not start, as a missing program did
    // not (trial19: `node --tset` was one more failing run, exit 1, the reason unquoted).
    const refused = exitCode === 9 ? NODE_REFUSED.exec(output) : null;
    if (refused) throw new CommandStartError(request.label, argv[0], refused[0].trim());
    return {
      argv,
      configured,
      exitCode,
      signal,
      timedOut,
      passed: exitCode === 0 && !timedOut,
      durationMs: performance.now() - started,
      output: output.length > OUTPUT_TAIL_BYTES ? output.slice(-OUTPUT_TAIL_BYTES) : output,
    };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
    process.removeListener('exit', onExit);
  }
}
