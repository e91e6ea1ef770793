// How a configured test `command` becomes something we can spawn without a shell:
// split like a shell (quotes, escapes, leading VAR=value assignments), then unquoted glob
// words are expanded by us, relative to the project folder. argv arrays are taken literally.
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { parse as shellParse } from 'shell-quote';
import { glob } from 'tinyglobby';
import type { CommandSpec } from './config-types.js';

export type CommandWord = { text: string } | { glob: string };

export interface ParsedCommand {
  env: Record<string, string>;
  words: CommandWord[];
}

export class CommandSyntaxError extends Error {}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

export function parseCommand(spec: CommandSpec): ParsedCommand {
  if (Array.isArray(spec)) {
    if (spec.length === 0) throw new CommandSyntaxError('the argv array is empty; give at least the program, e.g. ["node", "--test"]');
    return { env: {}, words: spec.map((text) => ({ text })) };
  }
  // Keep $VAR literal: we run no shell, and silently substituting the caller's environment would
  // make the same config behave differently on another machine.
  const tokens = shellParse(spec, (name) => `$${name}`);
  const env: Record<string, string> = {};
  const words: CommandWord[] = [];
  for (const token of tokens) {
    if (typeof token === 'string') {
      const assignment = words.length === 0 ? ASSIGNMENT.exec(token) : null;
      if (assignment) env[assignment[1]] = assignment[2];
      else words.push({ text: token });
    } else if ('op' in token && token.op === 'glob') {
      words.push({ glob: (token as { pattern: string }).pattern });
    } else if ('comment' in token) {
      break;
    } else {
      const op = 'op' in token ? token.op : String(token);
      throw new CommandSyntaxError(
        `shell operator "${op}" is not supported (commands run without a shell); use a single command, an argv array, or an npm script`,
      );
    }
  }
  if (words.length === 0) throw new CommandSyntaxError('the command is empty; give at least the program, e.g. "node --test test/unit/*.test.ts"');
  return { env, words };
}

export class GlobMatchError extends Error {
  constructor(readonly label: string, readonly pattern: string, readonly cwd: string) {
    super(`${label}: "${pattern}" matches no files in ${cwd}`);
    this.name = 'GlobMatchError';
  }
}

/** Expands glob words against `cwd`; a glob that matches nothing is an error (a shell would pass
 *  the pattern through and the test runner would fail with a less helpful message). */
export async function expandCommand(parsed: ParsedCommand, cwd: string, label = 'command'): Promise<string[]> {
  const argv: string[] = [];
  for (const word of parsed.words) {
    if ('text' in word) {
      argv.push(word.text);
      continue;
    }
    const matches = await glob(word.glob, { cwd, onlyFiles: false, expandDirectories: false, dot: false });
    if (matches.length === 0) throw new GlobMatchError(label, word.glob, cwd);
    argv.push(...matches.sort());
  }
  return argv;
}

/** What would stop a configured command before it runs a test, found without running it (`conlens
 *  config`): a glob that matches no file, or a program that is neither a path that exists, on
 *  PATH, nor in the project's node_modules/.bin (for `npx X`: X must be installed, or npx would
 *  fetch it from the registry). A trial's user got "valid" for both, and the first `rank` failed. */
export async function commandProblems(spec: CommandSpec, cwd: string, label: string, path = process.env.PATH ?? '', depth = 0): Promise<string[]> {
  let argv: string[];
  try {
    argv = await expandCommand(parseCommand(spec), cwd, label);
  } catch (error) {
    if (error instanceof GlobMatchError) return [`${error.message}: check the pattern`];
    if (error instanceof CommandSyntaxError) return [`${label}: ${error.message}`];
    throw error;
  }
  const local = ancestors(cwd).map((dir) => join(dir, 'node_modules', '.bin'));
  const bins = [...local, ...path.split(delimiter).filter(Boolean)];
  const found = (name: string) => (/[/\\]/.test(name) ? existsSync(resolve(cwd, name)) : bins.some((dir) => isExecutable(join(dir, name))));
  // `npx --package=x cmd` / `-p x` names what it installs: not checked.
  const npxArgs = basename(argv[0]) === 'npx' ? argv.slice(1) : [];
  const npx = npxArgs.some((w) => w === '-p' || w.startsWith('--package')) ? undefined : npxArgs.find((w) => !w.startsWith('-'));
  if (!found(argv[0])) return [`${label}: cannot start "${argv[0]}": no such program on PATH or in node_modules/.bin (check the spelling)`];
  if (npx !== undefined && !npx.includes('@') && !local.some((dir) => isExecutable(join(dir, npx)))) {
    return [`${label}: "npx ${npx}": ${npx} is not installed in node_modules/.bin, so npx would fetch a package of that name from the registry (check the spelling, or npm install it)`];
  }
  return depth === 0 ? scriptProblems(argv, cwd, label, path) : [];
}

/** `npm test` / `npm run x` (argv, or a configured command): what would stop x's own command, as
 *  commandProblems finds it (trial17: a misspelt runner in the script was "valid", and every run
 *  then failed with exit 127). `check` and `rank` ask before running. A script with shell
 *  operators is not looked into. */
export async function scriptProblems(command: CommandSpec | string[], cwd: string, label: string, path = process.env.PATH ?? ''): Promise<string[]> {
  let argv: string[];
  try {
    argv = Array.isArray(command) ? command : parseCommand(command).words.map((w) => ('text' in w ? w.text : w.glob));
  } catch (error) {
    if (error instanceof CommandSyntaxError) return [];
    throw error;
  }
  const script = npmScript(argv);
  if (!script) return [];
  const text = scriptOf(cwd, script.name);
  if (text === undefined) return [`${label}: package.json has no script "${script.name}" (check the name, or the package.json in ${cwd})`];
  try {
    parseCommand(text);
  } catch (error) {
    if (error instanceof CommandSyntaxError) return [];
    throw error;
  }
  return commandProblems(text, cwd, `${label} (npm script "${script.name}": ${text})`, path, 1);
}

function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    out.push(d);
    if (dirname(d) === d) return out;
  }
}

/** A file the user may run: what a shell finds on PATH (test-runners.ts commandNode too). */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The package.json script `name` of the project in `cwd`, if it is a string. */
export function scriptOf(cwd: string, name: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts?: Record<string, unknown> };
    const script = pkg.scripts?.[name];
    return typeof script === 'string' ? script : undefined;
  } catch {
    return undefined;
  }
}

/** The script an `npm test` / `npm run <name> [-- args]` argv runs, with its extra args. */
export function npmScript(argv: string[]): { name: string; extra: string[] } | undefined {
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
