// `--test <pattern>` (issue 31): narrows the integration command to the matching tests with the
// runner's own filter — node --test-name-pattern, jest -t, vitest -t, mocha --grep, tap --grep,
// ava --match (a plain title part) — so rank and
// fuzz run (and analyse) only those tests. The command is rewritten as the user would write it.
import type { LoadedConfig } from '../config/config-types.js';
import { parseCommand } from '../config/command.js';
import { runnerOf, scriptOf } from './test-runners.js';

export class TestFilterError extends Error {}

/** Words as a shell reads them back (parseCommand): plain when they can be, else single-quoted. */
function quote(words: string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The runner's own arguments that select the tests whose name matches `pattern` (a regular
 *  expression, as node, jest, vitest, mocha and tap take it). */
function filterArgs(runner: string, pattern: string, what: string): string[] | undefined {
  if (runner === 'node') return [`--test-name-pattern=${pattern}`];
  if (runner === 'jest' || runner === 'vitest') return ['-t', pattern];
  if (runner === 'mocha') return ['--grep', pattern];
  // tap: the top-level tests of each file whose name matches.
  if (runner === 'tap') return [`--grep=${pattern}`];
  if (runner === 'ava') {
    // ava's --match takes a title with `*` wildcards, not a regular expression: a plain part of a
    // title is matched anywhere in it, as the others match it; anything else is refused, not guessed.
    const glob = avaMatch(pattern);
    if (glob === undefined) {
      throw new TestFilterError(`--test: ${what} runs ava, whose --match takes titles with * wildcards, not regular expressions: give a plain part of the test's title (e.g. --test "two customers"), or put ava's own --match in the command`);
    }
    return ['--match', `*${glob}*`];
  }
  return undefined;
}

/** A regular expression that is a title with escaped characters and `.*` gaps (what a plain title,
 *  or the Test Explorer's pattern for a written or templated title, is) as ava's --match title with
 *  `*` wildcards; undefined for anything else (alternation, classes, anchors, a literal `*` or a
 *  leading `!`, which --match reads as wildcard and negation). */
export function avaMatch(pattern: string): string | undefined {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[++i];
      if (next === undefined || !/[.+?^${}()|[\]\\/-]/.test(next)) return undefined;
      out += next;
    } else if (c === '.' && pattern[i + 1] === '*') {
      out += '*';
      i++;
    } else if (/[.*+?^$|()[\]{}]/.test(c)) {
      return undefined;
    } else {
      out += c;
    }
  }
  return out.startsWith('!') ? undefined : out;
}

/** `command` narrowed to the tests matching `pattern`; `what` names it in errors. */
export function withTestFilter(command: string | string[], pattern: string, cwd: string, what: string, depth = 0): string | string[] {
  const words = parseCommand(command).words.map((w) => ('text' in w ? w.text : w.glob));
  const npm = words[0] === 'npm' && depth === 0 ? npmScript(words) : undefined;
  if (npm) {
    const script = scriptOf(cwd, npm.name);
    if (script === undefined) throw new TestFilterError(`--test: ${what} runs the package.json script "${npm.name}", which package.json does not have`);
    // The script's own command, narrowed, with the arguments npm would have passed it.
    const narrowed = withTestFilter(script, pattern, cwd, `${what} (script "${npm.name}": ${script})`, depth + 1) as string;
    return npm.extra.length ? `${narrowed} ${quote(npm.extra)}` : narrowed;
  }
  const { runner } = runnerOf(words, cwd);
  const args = filterArgs(runner, pattern, what);
  if (!args) throw new TestFilterError(`--test: ${what} does not start a runner whose tests Concurrency Lens can select (node --test, jest, vitest, mocha, ava or tap); name the tests in the command instead`);
  if (runner === 'node') {
    // Node takes its options before the test files: right after the program.
    if (Array.isArray(command)) return [command[0], ...args, ...command.slice(1)];
    const at = /^\s*(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*\S+/.exec(command)![0].length;
    return `${command.slice(0, at)} ${quote(args)}${command.slice(at)}`;
  }
  return Array.isArray(command) ? [...command, ...args] : `${command} ${quote(args)}`;
}

function npmScript(words: string[]): { name: string; extra: string[] } | undefined {
  const [, verb, ...rest] = words;
  const name = verb === 'test' || verb === 't' ? 'test' : verb === 'run' || verb === 'run-script' ? rest.shift() : undefined;
  if (!name) return undefined;
  return { name, extra: rest[0] === '--' ? rest.slice(1) : rest };
}

/** The project's configuration with its integration command narrowed to the matching tests. */
export function narrowToTests(loaded: LoadedConfig, pattern: string): LoadedConfig {
  const integration = loaded.config.integration;
  if (!integration) throw new TestFilterError(`--test: ${loaded.file} has no "integration" command to narrow (synthesized tests are chosen by synthesis, not by name)`);
  const command = withTestFilter(integration.command, pattern, loaded.root, `the integration command (${Array.isArray(integration.command) ? integration.command.join(' ') : integration.command})`);
  return { ...loaded, config: { ...loaded.config, integration: { ...integration, command } } };
}
