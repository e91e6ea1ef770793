// Vitest under Concurrency Lens (issue 15): Vite's module runner transforms and evaluates the
// user's files itself, so for traced runs a `vitest …` command is started through
// dist/vitest-run.mjs instead, which runs the project's own vitest through its Node API with our
// Vite plugin appended (instrument/vitest-plugin.ts). Untraced runs (`conlens check`) run the
// command exactly as configured.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseCommand, CommandSyntaxError } from '../config/command.js';
import { TRACE_ENV } from '../instrument/instrument-config.js';
import { registerRunnerWrapper, scriptOf, type RunnerWrap } from './test-runners.js';

/** dist/vitest-run.mjs: next to the bundle that runs this code, or in dist/ when run from source. */
function vitestRunEntry(): string {
  const candidates = [join(__dirname, 'vitest-run.mjs'), join(__dirname, '..', '..', '..', 'dist', 'vitest-run.mjs')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Concurrency Lens is not built: none of ${candidates.join(', ')} exists (run npm run build)`);
  return found;
}

const NPX_FLAGS = new Set(['-y', '--yes', '--no-install', '--no', '--offline', '--prefer-offline']);
// Subcommands that do not run the test suite (`run`, `watch`, `dev` and plain `vitest` do): left as they are.
const OTHER_SUBCOMMANDS = new Set(['bench', 'list', 'related', 'init', 'typecheck']);

function isVitestBin(word: string): boolean {
  return word === 'vitest' || /(^|[/\\])node_modules[/\\]\.bin[/\\]vitest(\.cmd)?$/.test(word);
}

function isVitestScript(word: string): boolean {
  return /(^|[/\\])vitest[/\\]vitest\.mjs$/.test(word) || /(^|[/\\])vitest[/\\]dist[/\\]cli\.js$/.test(word);
}

/** The npm script an `npm test` / `npm run <name> [-- args]` argv runs, with its extra args. */
function npmScript(argv: string[]): { name: string; extra: string[] } | undefined {
  if (argv[0] !== 'npm' || argv.length < 2) return undefined;
  const [, verb, ...rest] = argv;
  let name: string | undefined;
  let tail: string[];
  if (verb === 'test' || verb === 't') {
    name = 'test';
    tail = rest;
  } else if (verb === 'run' || verb === 'run-script') {
    [name, ...tail] = rest;
  } else {
    return undefined;
  }
  if (!name || name.startsWith('-')) return undefined;
  // Only `-- args` are passed to the script; other npm flags we do not interpret.
  if (tail.length > 0 && tail[0] !== '--') return undefined;
  return { name, extra: tail.slice(1) };
}

/** The arguments after `vitest` when `argv` starts Vitest's test command; undefined otherwise. */
export function vitestArgs(argv: string[], cwd: string, depth = 0): string[] | undefined {
  if (argv.length === 0) return undefined;
  let rest: string[] | undefined;
  if (isVitestBin(argv[0])) rest = argv.slice(1);
  else if (argv[0] === 'npx') {
    let i = 1;
    while (i < argv.length && NPX_FLAGS.has(argv[i])) i++;
    if (argv[i] === 'vitest') rest = argv.slice(i + 1);
  } else if ((basename(argv[0]) === 'node' || argv[0] === process.execPath) && argv[1] && isVitestScript(argv[1])) {
    rest = argv.slice(2);
  } else if (depth === 0) {
    const script = npmScript(argv);
    if (!script) return undefined;
    const command = scriptOf(cwd, script.name);
    if (command === undefined) return undefined;
    let words: string[];
    try {
      const parsed = parseCommand(command);
      // A script that sets variables or uses globs is not a plain vitest command: left alone.
      if (Object.keys(parsed.env).length > 0 || parsed.words.some((w) => !('text' in w))) return undefined;
      words = parsed.words.map((w) => (w as { text: string }).text);
    } catch (error) {
      if (error instanceof CommandSyntaxError) return undefined;
      throw error;
    }
    const inner = vitestArgs(words, cwd, depth + 1);
    return inner && [...inner, ...script.extra];
  }
  if (!rest) return undefined;
  if (rest[0] !== undefined && OTHER_SUBCOMMANDS.has(rest[0])) return undefined;
  return rest;
}

export function wrapVitest(argv: string[], cwd: string, env: NodeJS.ProcessEnv): RunnerWrap | undefined {
  if (!env[TRACE_ENV]) return undefined;
  const args = vitestArgs(argv, cwd);
  if (!args) return undefined;
  return { runner: 'vitest', argv: [process.execPath, vitestRunEntry(), ...args] };
}

registerRunnerWrapper(wrapVitest, 'vitest');
