// Which test runner a configured command starts, and how to start it so that Concurrency Lens
// sees the code it runs (issue 15). node:test and Mocha load the user's code through Node's own
// loader, which our `--import` register hooks; Jest and Vitest load it through their own
// transform pipelines (Jest's `transform` + `vm` modules, Vite's module runner), which the hook
// never sees — those commands are started through our wrappers instead, which add the
// instrumentation to the runner's own pipeline without touching the user's configuration.
// Each runner's wrapper lives in its own file (vitest.ts, jest.ts, ava.ts, tap.ts) and registers here.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, delimiter, isAbsolute, join } from 'node:path';
import { isExecutable, npmScript, parseCommand, scriptOf, CommandSyntaxError } from '../config/command.js';

export { npmScript, scriptOf };

export type TestRunner = 'node' | 'mocha' | 'jest' | 'vitest' | 'ava' | 'tap' | 'unknown';

export interface RunnerWrap {
  runner: TestRunner;
  /** The argv to spawn instead of the configured one (the same arguments, through a wrapper). */
  argv: string[];
  /** Extra environment for the wrapper. */
  env?: Record<string, string>;
}

/** A runner's wrapper: returns the argv to spawn for a configured argv that starts this runner
 *  (after npm/npx resolution), or undefined when the argv is not this runner's. `env` is the
 *  test process's environment (CONLENS_TRACE is set for traced runs only). */
export type RunnerWrapper = (argv: string[], cwd: string, env: NodeJS.ProcessEnv) => RunnerWrap | undefined;

const wrappers: RunnerWrapper[] = [];
/** Runners a registered wrapper hooks (node:test and Mocha need none: the loader hook sees them). */
const hooked = new Set<TestRunner>(['node', 'mocha']);

/** Called by vitest.ts / jest.ts at load time. */
export function registerRunnerWrapper(wrapper: RunnerWrapper, runner?: TestRunner): void {
  wrappers.push(wrapper);
  if (runner) hooked.add(runner);
}

const RUNNER_NAMES: Record<string, TestRunner> = { node: 'node', mocha: 'mocha', _mocha: 'mocha', jest: 'jest', vitest: 'vitest', ava: 'ava', tap: 'tap' };

/** The test runner a configured argv starts, by its program (through npx and `npm test` /
 *  `npm run <script>`), and the word that names it, for messages. */
export function runnerOf(argv: string[], cwd: string, depth = 0): { runner: TestRunner; name: string } {
  let i = 0;
  if (argv[0] === 'npx' || argv[0] === 'pnpm' && argv[1] === 'exec') {
    i = argv[0] === 'npx' ? 1 : 2;
    while (i < argv.length && argv[i].startsWith('-')) i++;
  } else if (argv[0] === 'npm' && depth === 0) {
    const name = argv[1] === 'test' || argv[1] === 't' ? 'test' : argv[1] === 'run' || argv[1] === 'run-script' ? argv[2] : undefined;
    const script = name ? scriptOf(cwd, name) : undefined;
    if (script) return runnerOf(script.split(/\s+/).filter((w) => w && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)), cwd, depth + 1);
    return { runner: 'unknown', name: argv.join(' ') };
  }
  const program = basename(argv[i] ?? '').replace(/\.(cmd|exe|[cm]?js)$/, '');
  let at = i + 1;
  if (program === 'node') while (argv[at]?.startsWith('--')) at++;
  if (program === 'node' && argv[at] && !argv[at].startsWith('-')) {
    // `node [--options] node_modules/vitest/vitest.mjs …`: the package the script is in names the
    // runner (a folder of the project's own named `tap` or `jest` does not: node --test test/tap/…).
    const script = argv[at].split(/[\\/]/);
    const modules = script.lastIndexOf('node_modules');
    let pkg = modules >= 0 ? script[modules + 1] : undefined;
    if (pkg === '.bin') pkg = script[modules + 2]?.replace(/\.(cmd|[cm]?js)$/, '');
    const known = pkg === 'jest-cli' ? 'jest' : pkg !== undefined ? RUNNER_NAMES[pkg] : undefined;
    if (known && known !== 'node') return { runner: known, name: known };
  }
  return { runner: RUNNER_NAMES[program] ?? 'unknown', name: program || argv.join(' ') };
}


/** How a runner's command is spelled: its bin (`vitest`, `node_modules/.bin/jest`), the name
 *  npx runs, and its script when started as `node <script>`. */
export interface RunnerProgram {
  npxName: string;
  isBin(word: string): boolean;
  isScript(word: string): boolean;
}

const NPX_FLAGS = new Set(['-y', '--yes', '--no-install', '--no', '--offline', '--prefer-offline', '--quiet', '-q']);


/** How a configured command starts a runner: the runner's own arguments, the Node options before
 *  its script (`node --experimental-vm-modules node_modules/jest/bin/jest.js`, Jest's ESM mode)
 *  and the variables an npm script sets (`NODE_OPTIONS=--experimental-vm-modules jest`). */
export interface RunnerInvocation {
  args: string[];
  nodeArgs: string[];
  env: Record<string, string>;
}

/** The runner's invocation when `argv` starts `program` — directly, through npx, as
 *  `node [node options] <script>`, or as an npm script that is a plain command of it (variable
 *  assignments allowed; globs and shell operators are run as written) — else undefined. */
export function runnerInvocation(argv: string[], cwd: string, program: RunnerProgram, depth = 0): RunnerInvocation | undefined {
  if (argv.length === 0) return undefined;
  const plain = (args: string[], nodeArgs: string[] = []): RunnerInvocation => ({ args, nodeArgs, env: {} });
  if (program.isBin(argv[0])) return plain(argv.slice(1));
  if (argv[0] === 'npx') {
    let i = 1;
    while (i < argv.length && NPX_FLAGS.has(argv[i])) i++;
    return argv[i] === program.npxName ? plain(argv.slice(i + 1)) : undefined;
  }
  if (basename(argv[0]) === 'node' || argv[0] === process.execPath) {
    // Node's own options come first; a value-taking option is written `--opt=value` in scripts
    // (`-r x` and the like are not taken apart: such a command runs as written).
    let i = 1;
    while (i < argv.length && /^--[a-z][a-z0-9-]*(=.*)?$/.test(argv[i])) i++;
    return argv[i] && program.isScript(argv[i]) ? plain(argv.slice(i + 1), argv.slice(1, i)) : undefined;
  }
  if (depth > 0) return undefined;
  const script = npmScript(argv);
  const command = script && scriptOf(cwd, script.name);
  if (command === undefined) return undefined;
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(command);
    if (parsed.words.some((w) => !('text' in w))) return undefined;
  } catch (error) {
    if (error instanceof CommandSyntaxError) return undefined;
    throw error;
  }
  const inner = runnerInvocation(parsed.words.map((w) => (w as { text: string }).text), cwd, program, depth + 1);
  return inner && { ...inner, args: [...inner.args, ...script!.extra], env: { ...parsed.env, ...inner.env } };
}

/** A wrapper entry of dist/ (`ava-run.mjs`): next to the bundle that runs this code, or in dist/
 *  when run from source. */
export function distEntry(file: string): string {
  const candidates = [join(__dirname, file), join(__dirname, '..', '..', '..', 'dist', file)];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Concurrency Lens is not built: none of ${candidates.join(', ')} exists (run npm run build)`);
  return found;
}

/** The argv and environment that start `entry` (our wrapper) in place of the runner. */
export function wrappedInvocation(runner: TestRunner, invocation: RunnerInvocation, entry: string): RunnerWrap {
  return { runner, argv: [process.execPath, ...invocation.nodeArgs, entry, ...invocation.args], ...(Object.keys(invocation.env).length ? { env: invocation.env } : {}) };
}

/** Whether a traced run of `runner` is instrumented: by the loader hook or a registered wrapper. */
export function isHooked(runner: TestRunner): boolean {
  return hooked.has(runner);
}

/** The argv to spawn for a configured argv: a registered wrapper's, else the argv unchanged. The
 *  wrapper runs on the Node the command runs on (commandNode). */
export function wrapForRunner(argv: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): RunnerWrap | undefined {
  for (const wrapper of wrappers) {
    const wrapped = wrapper(argv, cwd, env);
    if (wrapped) return wrapped.argv[0] === process.execPath ? { ...wrapped, argv: [commandNode(argv, env), ...wrapped.argv.slice(1)] } : wrapped;
  }
  return undefined;
}

/** Where our register and wrappers run: Node ≥ 20.6 (module.register). */
const MIN_NODE: [number, number] = [20, 6];
const nodeVersions = new Map<string, boolean>();

/** The Node a command runs on as the user runs it — `node …` names it; `npx`, a runner's bin and
 *  an npm script start `#!/usr/bin/env node`, the first `node` on the command's PATH — so a traced
 *  run through our wrapper has the Node the plain run has (a user's Node 22, not the Node that
 *  runs conlens or the editor). The Node that runs conlens when there is none on the PATH (an
 *  editor's own) or it is older than our register needs. */
export function commandNode(argv: string[], env: NodeJS.ProcessEnv): string {
  const named = argv[0] && basename(argv[0]) === 'node' ? argv[0] : 'node';
  const found = isAbsolute(named) ? named : (env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, named)).find(isExecutable);
  if (!found || found === process.execPath) return process.execPath;
  let supported = nodeVersions.get(found);
  if (supported === undefined) {
    const version = spawnSync(found, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 10_000, env: { PATH: env.PATH ?? '' } }).stdout?.trim() ?? '';
    const [major, minor] = version.split('.').map(Number);
    supported = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
    nodeVersions.set(found, supported);
  }
  return supported ? found : process.execPath;
}

