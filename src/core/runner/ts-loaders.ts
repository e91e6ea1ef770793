// Other TypeScript loaders under a traced run (issue 31): a test command that compiles the
// project with tsx, ts-node or @swc-node/register (`node --import tsx/esm --test …`,
// `mocha -r ts-node/register`, `tsx --test …`) stacks that loader on ours. Node runs the loader
// registered last first: it takes our instrumented output as its input and compiles it again, and
// its source map then points into our output, not the user's file (@swc-node/register: every
// file access of steno's writer at one line), while ours is lost. So a traced run drops those
// loaders and our loader, which compiles TypeScript itself (transpile.ts, with the project's
// tsconfig.json), does their work, mapping every position through its own map. Plain runs
// (conlens check) keep the command as written. docs/runners.md "Other loaders".
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, join, relative } from 'node:path';
import { expandCommand, parseCommand, CommandSyntaxError } from '../config/command.js';
import { commandNode, npmScript, scriptOf } from './test-runners.js';

/** Modules that register a TypeScript compiler as a Node loader (`--import`, `--loader`,
 *  `--require`), by the specifier their documentation gives. */
const TS_LOADERS = new Set([
  'tsx', 'tsx/esm', 'tsx/cjs',
  'ts-node/register', 'ts-node/register/transpile-only', 'ts-node/esm', 'ts-node/esm/transpile-only',
  '@swc-node/register', '@swc-node/register/esm-register', '@swc-node/register/register',
  'esbuild-register', 'esbuild-register/dist/node', '@esbuild-kit/esm-loader', '@esbuild-kit/cjs-loader',
  'sucrase/register', 'sucrase/register/ts',
]);
/** The options that load a module into the process, each followed by its specifier. */
const LOAD_FLAGS = new Set(['--import', '--loader', '--experimental-loader', '--require', '-r']);
/** tsx's own options, meaningless to node (`tsx --tsconfig x --test …`). */
const TSX_VALUE_FLAGS = new Set(['--tsconfig']);
const TSX_FLAGS = new Set(['--no-cache']);

export interface LoaderFree {
  argv: string[];
  env: Record<string, string>;
  /** What was dropped, as written (`--import tsx/esm`), for the run's record. */
  dropped: string[];
}

/** Node or Mocha options without the TypeScript loaders: the words kept and the ones dropped. */
export function dropLoaderOptions(words: string[]): { kept: string[]; dropped: string[] } {
  const kept: string[] = [];
  const dropped: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const eq = /^(--[a-z-]+)=(.*)$/.exec(word);
    if (eq && LOAD_FLAGS.has(eq[1]) && TS_LOADERS.has(eq[2])) {
      dropped.push(word);
    } else if (LOAD_FLAGS.has(word) && TS_LOADERS.has(words[i + 1] ?? '')) {
      dropped.push(`${word} ${words[i + 1]}`);
      i++;
    } else {
      kept.push(word);
    }
  }
  return { kept, dropped };
}

/** NODE_OPTIONS without the TypeScript loaders (undefined: nothing to change). */
function nodeOptionsWithout(value: string | undefined): { value: string; dropped: string[] } | undefined {
  if (!value) return undefined;
  const { kept, dropped } = dropLoaderOptions(value.split(/\s+/).filter(Boolean));
  return dropped.length ? { value: kept.join(' '), dropped } : undefined;
}

const isNode = (word: string) => basename(word) === 'node' || word === process.execPath;
export const isMocha = (word: string) => /(^|[/\\])_?mocha(\.cmd)?$/.test(word) || /(^|[/\\])mocha[/\\]bin[/\\]_?mocha(\.js)?$/.test(word);
const isTsx = (word: string) => word === 'tsx' || /(^|[/\\])node_modules[/\\]\.bin[/\\]tsx(\.cmd)?$/.test(word);

/** `argv` (a plain command) without its TypeScript loaders; undefined when it has none. */
function loaderFreeArgv(argv: string[]): { argv: string[]; dropped: string[] } | undefined {
  let start = 0;
  if (argv[0] === 'npx') {
    start = 1;
    while (argv[start]?.startsWith('-')) start++;
  }
  const program = argv[start];
  if (program === undefined) return undefined;
  if (isTsx(program)) {
    // tsx's CLI is node with tsx's loader: node itself, tsx's own options left out.
    const rest: string[] = [];
    const dropped = [program];
    const args = argv.slice(start + 1);
    if (args[0] === 'watch') return undefined;
    for (let i = 0; i < args.length; i++) {
      if (TSX_FLAGS.has(args[i]) || /^--tsconfig=/.test(args[i])) dropped.push(args[i]);
      else if (TSX_VALUE_FLAGS.has(args[i])) dropped.push(`${args[i]} ${args[++i]}`);
      else rest.push(args[i]);
    }
    return { argv: [process.execPath, ...rest], dropped };
  }
  if (!isNode(program) && !isMocha(program)) return undefined;
  const { kept, dropped } = dropLoaderOptions(argv.slice(start + 1));
  return dropped.length ? { argv: [...argv.slice(0, start + 1), ...kept], dropped } : undefined;
}

/** The command a traced run spawns in place of `argv` (expanded, run in `cwd`, with `env`): the
 *  same command without the TypeScript loaders it names — directly, in NODE_OPTIONS, or in the
 *  npm script it runs (then the script's command is run itself, when it is one plain command).
 *  Undefined when there is nothing to drop. */
export async function withoutTypeScriptLoaders(argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<LoaderFree | undefined> {
  let command = argv;
  let scriptEnv: Record<string, string> = {};
  const script = npmScript(argv);
  const text = script && scriptOf(cwd, script.name);
  if (script && text !== undefined) {
    try {
      const parsed = parseCommand(text);
      const words = [...(await expandCommand(parsed, cwd, `package.json script "${script.name}"`)), ...script.extra];
      command = words;
      // As npm runs it: the project's bins on the PATH.
      scriptEnv = { ...parsed.env, PATH: [join(cwd, 'node_modules', '.bin'), env.PATH ?? ''].join(delimiter) };
    } catch (error) {
      // A script that is more than one command (`tsc && node --test`) runs as written.
      if (error instanceof CommandSyntaxError) return undefined;
      throw error;
    }
  }
  const inner = loaderFreeArgv(command);
  const dropped = [...(inner?.dropped ?? [])];
  const rc = mochaConfigWithoutLoaders(inner?.argv ?? command, cwd);
  if (rc) {
    dropped.push(...rc.dropped);
    command = [...(inner?.argv ?? command), ...rc.args];
  } else if (inner) {
    command = inner.argv;
  }
  const newEnv: Record<string, string> = { ...scriptEnv };
  const options = nodeOptionsWithout(scriptEnv.NODE_OPTIONS ?? env.NODE_OPTIONS);
  if (options) {
    newEnv.NODE_OPTIONS = options.value;
    dropped.push(...options.dropped.map((d) => `NODE_OPTIONS ${d}`));
  }
  if (dropped.length === 0) return undefined;
  // The tsx CLI became node: the one tsx's `#!/usr/bin/env node` would have started.
  if (command[0] === process.execPath && inner?.dropped[0] !== undefined && isTsx(inner.dropped[0])) command = [commandNode(['tsx'], { ...env, ...newEnv }), ...command.slice(1)];
  return { argv: command, env: newEnv, dropped };
}

/** Mocha options that name a module to load into Node (in `.mocharc.*` and package.json#mocha):
 *  Mocha's own `require`, and node flags Mocha passes on — as keys (`loader: ts-node/esm`) or
 *  in `node-option` (`import=tsx/esm`). */
const MOCHA_LOAD_KEYS = ['require', 'r', 'loader', 'experimental-loader', 'import'];
const MOCHA_NODE_OPTION = /^(import|loader|experimental-loader|require|r)=(.*)$/;

/** A loader named only in Mocha's configuration (`.mocharc.yml` `require: ts-node/register`, the
 *  way ts-node documents it for Mocha): the traced run gets the same configuration without it,
 *  written to `.conlens/run/` and passed with `--config` (and `--no-package` when it holds
 *  package.json's `mocha` too). The user's file is never written to. Loaded with the project's own
 *  Mocha (its parsers: YAML, JSONC, JS), so it reads as Mocha reads it; a configuration that is
 *  not plain data (functions in a .mocharc.js) stays in place. */
function mochaConfigWithoutLoaders(argv: string[], cwd: string): { args: string[]; dropped: string[] } | undefined {
  const start = argv[0] === 'npx' ? argv.findIndex((w, i) => i > 0 && !w.startsWith('-')) : 0;
  const program = argv[start];
  if (!program || !isMocha(program)) return undefined;
  const args = argv.slice(start + 1);
  if (args.includes('--no-config') || args.includes('--config=false')) return undefined;
  let explicit: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--config') explicit = args[i + 1];
    else if (args[i].startsWith('--config=')) explicit = args[i].slice('--config='.length);
  }
  let config: { loadConfig(file: string): unknown; findConfig(dir: string): string | null };
  try {
    const root = dirname(createRequire(join(cwd, 'package.json')).resolve('mocha/package.json'));
    const file = ['lib/cli/config.js', 'lib/cli/config.cjs'].map((f) => join(root, f)).find((f) => existsSync(f));
    if (!file) return undefined;
    config = createRequire(file)(file) as typeof config;
  } catch {
    return undefined;
  }
  let pkg: Record<string, unknown> | undefined;
  let rc: Record<string, unknown> | undefined;
  let rcFile: string | undefined;
  try {
    rcFile = explicit ? join(cwd, explicit) : config.findConfig(cwd) ?? undefined;
    rc = rcFile ? (config.loadConfig(rcFile) as Record<string, unknown>) : undefined;
    if (!args.some((a) => a === '--no-package' || a.startsWith('--package'))) {
      const mocha = (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { mocha?: unknown }).mocha;
      if (mocha && typeof mocha === 'object') pkg = mocha as Record<string, unknown>;
    }
  } catch {
    return undefined; // Mocha says what is wrong with its configuration, traced or not
  }
  const dropped: string[] = [];
  const filter = (options: Record<string, unknown>, where: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options)) {
      const list: unknown[] = Array.isArray(value) ? value : [value];
      const isLoader = (v: unknown) => typeof v === 'string' && (MOCHA_LOAD_KEYS.includes(key)
        ? TS_LOADERS.has(v)
        : (key === 'node-option' || key === 'n') && TS_LOADERS.has(MOCHA_NODE_OPTION.exec(v)?.[2] ?? ''));
      const kept = list.filter((v) => !isLoader(v));
      for (const v of list) if (isLoader(v)) dropped.push(`${where} ${key}: ${String(v)}`);
      if (kept.length === list.length) out[key] = value;
      else if (kept.length > 0) out[key] = Array.isArray(value) ? kept : kept[0];
    }
    return out;
  };
  const fromPkg = pkg ? filter(pkg, 'package.json mocha') : undefined;
  const fromRc = rc && rcFile ? filter(rc, relative(cwd, rcFile) || rcFile) : undefined;
  if (dropped.length === 0) return undefined;
  // Mocha's precedence: the rc file over package.json (the command line over both).
  const merged = { ...fromPkg, ...fromRc };
  if (!isPlainData(merged)) return undefined;
  const text = JSON.stringify(merged);
  const dir = join(cwd, '.conlens', 'run');
  mkdirSync(dir, { recursive: true });
  const written = join(dir, `mocharc-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.json`);
  if (!existsSync(written)) writeFileSync(written, text);
  return { args: ['--config', written, ...(pkg ? ['--no-package'] : [])], dropped };
}

function isPlainData(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(isPlainData);
  return false;
}

