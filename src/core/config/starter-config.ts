// The starter conlens.config.json, shared by `conlens init` and the extension's "no configuration"
// welcome button (issue 8 item 2, issue 31 item 4): the shape of the examples' configs, adapted to
// the project's folders, test files and test runner. `chooseStarterConfig` is pure; `readProjectShape`
// is the one place that looks at the disk.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RUNS, DEFAULT_TIMEOUT_MS } from './config-types.js';
import { RUNNER_SUPPORTED, runnerRefusal, supportedRunnersText } from '../runner/runner-support.js';
import { CommandSyntaxError, parseCommand } from './command.js';

type PackageJson = { scripts?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string>; mocha?: unknown };

export interface WorkspaceShape {
  /** Top-level folder names. */
  folders: string[];
  /** Whether test/unit and test/integration exist. */
  hasUnitTests: boolean;
  hasIntegrationTests: boolean;
  /** The workspace's package.json (scripts and dependencies), to pick its test runner (issue 15). */
  packageJson?: PackageJson;
  /** The test files found (paths relative to the project, `/`-separated); absent when not looked
   *  for, and then the commands take the examples' `*.test.ts`. */
  testFiles?: string[];
  /** Test files that run work concurrently (Promise.all and the like), relative as testFiles. */
  concurrentTestFiles?: string[];
  /** Whether the source folder holds TypeScript (else JavaScript); absent: TypeScript. */
  sourceIsTypeScript?: boolean;
  /** The extensions of the source folder's files of that language (`mjs` in a project written in
   *  .mjs files): an include of `*.js` alone would match none of them. */
  sourceExtensions?: string[];
  /** The Mocha configuration that names a `spec` (`.mocharc.json`, package.json's `mocha`…):
   *  Mocha adds it to the files a command names, so a unit command would run every spec. */
  mochaSpecIn?: string;
}

export type StarterRunner = 'node' | 'vitest' | 'jest' | 'mocha' | 'ava' | 'tap';
const RUNNER_NAMES: Record<StarterRunner, string> = { node: 'node:test', vitest: 'Vitest', jest: 'Jest', mocha: 'Mocha', ava: 'ava', tap: 'node-tap' };
/** A run's budget for runners whose cold start compiles the tests (Jest's transform, Vite). */
const SLOW_START_TIMEOUT_MS = 120_000;

/** The runners init recognises in package.json, by package (and script word). */
const RUNNERS = ['vitest', 'jest', 'mocha', 'ava', 'tap'] as const;

/** init could not choose: the message says what it found and what to do. */
export class StarterConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StarterConfigError';
  }
}

const usesIn = (pkg: PackageJson | undefined) => {
  const deps = { ...pkg?.dependencies, ...pkg?.devDependencies };
  const scripts = Object.values(pkg?.scripts ?? {});
  const inScript = (name: string, script: string | undefined) => script !== undefined && new RegExp(`(^|[\\s/])${name}(\\s|$)`).test(script);
  return {
    any: (name: string) => name in deps || scripts.some((s) => inScript(name, s)),
    /** The major of the declared range (`^6.0.0` → 6); undefined when it names none (`latest`). */
    declaredMajor: (name: string) => {
      const major = /^[\^~>=v\s]*(\d+)/.exec(deps[name] ?? '')?.[1];
      return major === undefined ? undefined : Number(major);
    },
    testScript: (name: string) => inScript(name, pkg?.scripts?.test),
  };
};

/** The test runner the project uses, from its dependencies and scripts; none found: node:test,
 *  which runs TypeScript test files under our loader. */
export function detectRunner(pkg: PackageJson | undefined): StarterRunner {
  return detectRunnerWithReason(pkg).runner;
}

function detectRunnerWithReason(pkg: PackageJson | undefined): { runner: StarterRunner; why: string } {
  const uses = usesIn(pkg);
  const found = RUNNERS.filter((name) => uses.any(name));
  // The "test" script is how the project runs its tests: it decides between several runners.
  const byScript = found.filter((name) => uses.testScript(name));
  if (byScript.length === 1) return { runner: byScript[0], why: `the "test" script runs ${byScript[0]}` };
  if (found.length === 1) return { runner: found[0], why: `package.json depends on ${found[0]}` };
  if (found.length > 1) return { runner: found[0], why: `package.json names ${found.join(', ')}; took ${found[0]}` };
  return { runner: 'node', why: uses.testScript('node') || /--test\b/.test(pkg?.scripts?.test ?? '') ? 'the "test" script runs node --test' : 'package.json names no test runner; node:test runs TypeScript tests under our loader' };
}

export interface StarterChoice {
  config: { include: string[]; unit: { command: string }; integration?: { command: string; runs: number }; timeoutMs: number };
  /** The configuration file's text. */
  text: string;
  runner: StarterRunner;
  /** One line per choice: what was chosen, and why. */
  reasons: string[];
}

/** The module flags the "test" script gives node before `--test` (`--import tsx`, `--loader
 *  ts-node/esm`, `-r ./setup.cjs`), with their trailing space: kept in the starter commands, so
 *  they also run by hand as the script does (traced runs leave a TypeScript loader out and keep
 *  the rest). */
function loaderFlags(script: string | undefined): string {
  return /(?:^|&&|;)\s*node\s+((?:(?:--import|--loader|--experimental-loader|--require|-r)(?:=|\s+)[^\s;&|]+\s+)+)--test\b/.exec(script ?? '')?.[1] ?? '';
}

const TEST_SUFFIXES = ['.test.ts', '.spec.ts', '.test.mts', '.test.tsx', '.test.js', '.spec.js', '.test.mjs', '.spec.mjs', '.test.cjs'];
const suffixOf = (file: string) => TEST_SUFFIXES.find((s) => file.endsWith(s));

/** The configuration to start from, and why each part is as it is. Throws StarterConfigError when
 *  it cannot choose: the runner is one we do not trace, several runners compete, or no tests exist. */
export function chooseStarterConfig(shape: WorkspaceShape): StarterChoice {
  const pkg = shape.packageJson;
  const uses = usesIn(pkg);
  const competing = RUNNERS.filter((name) => uses.any(name));
  if (competing.length > 1 && competing.filter((name) => uses.testScript(name)).length !== 1) {
    throw new StarterConfigError(`package.json names several test runners (${competing.join(', ')}) and its "test" script does not say which one runs the tests. Give "test" one runner, or write conlens.config.json by hand (docs/configuration.md).`);
  }
  if (shape.testFiles && shape.testFiles.length === 0) {
    throw new StarterConfigError(`found no test files (${TEST_SUFFIXES.map((s) => `*${s}`).join(', ')}) under test/, tests/, __tests__/ or the source folder. Concurrency Lens learns what your code should do from its unit tests: write some (docs/user-guide.md), then run conlens init again.`);
  }
  const { runner, why } = detectRunnerWithReason(pkg);
  // A major traced runs do not support (runner-support.ts): refused as every traced command would.
  const supported = runner === 'node' ? undefined : RUNNER_SUPPORTED[runner];
  const major = uses.declaredMajor(runner);
  if (supported && major !== undefined && (major < supported.min || major > supported.max)) {
    throw new StarterConfigError(`the project's tests run under ${supported.label} ${major} (package.json: "${runner}": "${pkg?.devDependencies?.[runner] ?? pkg?.dependencies?.[runner]}"), which traced runs do not support; Concurrency Lens traces ${supportedRunnersText()}. Upgrade it, or write conlens.config.json by hand with commands in one of those (docs/configuration.md).`);
  }
  const reasons = [`runner       ${RUNNER_NAMES[runner]}: ${why}`];

  const source = shape.folders.includes('src') ? 'src' : shape.folders.includes('lib') ? 'lib' : 'src';
  const ext = shape.sourceIsTypeScript === false ? 'js' : 'ts';
  const exts = shape.sourceExtensions?.length ? shape.sourceExtensions : [ext];
  const include = `${source}/**/*.${exts.length === 1 ? exts[0] : `{${exts.join(',')}}`}`;
  reasons.push(`include      ${include}: ${shape.folders.includes(source) ? `the ${ext === 'ts' ? 'TypeScript' : 'JavaScript'} files of ${source}/` : 'no src/ or lib/ folder; edit it to name your source files'}`);

  const tests = shape.folders.includes('test') ? 'test' : shape.folders.includes('tests') ? 'tests' : shape.folders.includes('__tests__') ? '__tests__' : shape.testFiles?.length ? source : 'test';
  const suffix = mostCommon((shape.testFiles ?? []).map(suffixOf).filter((s): s is string => s !== undefined)) ?? '.test.ts';
  const nested = (dir: string) => (shape.testFiles ?? []).some((f) => f.startsWith(`${dir}/`) && f.slice(dir.length + 1).includes('/'));
  const nodeFlags = runner === 'node' ? loaderFlags(pkg?.scripts?.test) : '';
  const unitDir = `${tests}${shape.hasUnitTests ? '/unit' : ''}`;
  const command = (dir: string) => {
    const files = `${dir}/${nested(dir) ? '**/' : ''}*${suffix}`;
    switch (runner) {
      case 'vitest':
        return `npx vitest run ${dir}`;
      case 'jest':
        return `npx jest ${dir}`;
      case 'mocha': {
        // A folder alone finds only .js specs (Mocha's default extensions): name the files. Mocha
        // adds its configuration's `spec` to them: `--ignore` keeps the other suite's folder out.
        const other = dir === unitDir ? (shape.hasIntegrationTests ? `${tests}/integration` : undefined) : shape.hasUnitTests ? unitDir : undefined;
        return `npx mocha ${files}${shape.mochaSpecIn && other ? ` --ignore '${other}/**'` : ''}`;
      }
      // ava and tap take files; their TypeScript set-up (ava's nodeArguments, tap's plugin) is the project's.
      case 'ava':
        return `npx ava ${files}`;
      case 'tap':
        return `npx tap ${files}`;
      default:
        return `node ${nodeFlags}--test ${files}`;
    }
  };
  const unit = { command: command(unitDir) };
  const ignoring = unit.command.includes(' --ignore ') ? `; --ignore because Mocha adds the \`spec\` of ${shape.mochaSpecIn} to the files named` : '';
  reasons.push(`unit         ${unit.command}: ${shape.hasUnitTests ? `the sequential tests of ${unitDir}/` : `the tests of ${unitDir}/`} (traced to learn what the code does when nothing overlaps)${ignoring}`);

  let integration: StarterChoice['config']['integration'];
  const concurrent = shape.concurrentTestFiles ?? [];
  if (shape.hasIntegrationTests) {
    integration = { command: command(`${tests}/integration`), runs: DEFAULT_RUNS };
    reasons.push(`integration  ${integration.command} × ${DEFAULT_RUNS} runs: the tests of ${tests}/integration/, run under the controlled scheduler`);
  } else if (shape.concurrentTestFiles === undefined || concurrent.length > 0) {
    integration = { command: unit.command, runs: DEFAULT_RUNS };
    reasons.push(`integration  ${integration.command} × ${DEFAULT_RUNS} runs: ${concurrent.length ? `${concurrent.slice(0, 3).join(', ')}${concurrent.length > 3 ? ` and ${concurrent.length - 3} more` : ''} run${concurrent.length === 1 ? 's' : ''} work concurrently (Promise.all…)` : 'the same tests'}, run under the controlled scheduler`);
  } else {
    reasons.push(`integration  none: no test runs work concurrently (no ${tests}/integration/, no Promise.all in the tests), so conlens rank synthesizes concurrent tests from the unit tests (conlens synth)`);
  }
  // trial18: a Jest + ts-jest project's first traced run took over 30 s (ts-jest compiles every
  // test file, our instrumenter every source file, in each worker) and rank stopped "not checked".
  const slowStart = runner === 'jest' || runner === 'vitest';
  const timeoutMs = slowStart ? SLOW_START_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
  if (slowStart) reasons.push(`timeoutMs    ${timeoutMs}: ${runner === 'jest' ? 'Jest' : 'Vitest'} compiles the tests on each cold start and a traced run under the scheduler is slower still (a run is stopped after this long)`);
  const config = { include: [include], unit, ...(integration ? { integration } : {}), timeoutMs };
  return { config, text: `${JSON.stringify(config, null, 2)}\n`, runner, reasons };
}

/** The starter configuration's text (the extension's welcome button). */
export function starterConfig(shape: WorkspaceShape): string {
  return chooseStarterConfig(shape).text;
}

function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Calls that start work concurrently in a test: the sign that a test is an integration test. */
const CONCURRENT = /\bPromise\.(all|allSettled|race|any)\s*\(/;
const SKIP = new Set(['node_modules', '.git', '.conlens', 'dist', 'build', 'coverage']);

/** What the project folder holds, for chooseStarterConfig: folders, package.json, test files. */
export function readProjectShape(root: string): WorkspaceShape {
  const folders = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  let packageJson: PackageJson | undefined;
  const pkgFile = join(root, 'package.json');
  if (existsSync(pkgFile)) {
    try {
      packageJson = JSON.parse(readFileSync(pkgFile, 'utf8')) as PackageJson;
    } catch (error) {
      throw new StarterConfigError(`${pkgFile} is not valid JSON (${(error as Error).message}); fix it, then run conlens init again`);
    }
  }
  const tests = folders.includes('test') ? 'test' : folders.includes('tests') ? 'tests' : folders.includes('__tests__') ? '__tests__' : undefined;
  const source = folders.includes('src') ? 'src' : folders.includes('lib') ? 'lib' : undefined;
  const testFiles: string[] = [];
  const sourceFiles: string[] = [];
  const walk = (dir: string, depth: number, into: (file: string) => void) => {
    if (depth > 6) return;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path, depth + 1, into);
      else into(path);
    }
  };
  if (tests) walk(tests, 0, (f) => suffixOf(f) && testFiles.push(f));
  if (source) walk(source, 0, (f) => (suffixOf(f) && !tests ? testFiles.push(f) : sourceFiles.push(f)));
  const concurrentTestFiles = testFiles.filter((f) => CONCURRENT.test(readFileSync(join(root, f), 'utf8')));
  const sourceIsTypeScript = sourceFiles.length === 0 || sourceFiles.some((f) => /\.(c|m)?tsx?$/.test(f) && !f.endsWith('.d.ts'));
  const language = sourceIsTypeScript ? /\.((c|m)?ts|tsx)$/ : /\.((c|m)?js|jsx)$/;
  const sourceExtensions = [...new Set(sourceFiles.filter((f) => language.test(f) && !f.endsWith('.d.ts')).map((f) => f.slice(f.lastIndexOf('.') + 1)))].sort();
  const mochaSpecIn = mochaConfigNamingSpec(root, packageJson);
  return {
    folders,
    hasUnitTests: tests !== undefined && existsSync(join(root, tests, 'unit')),
    hasIntegrationTests: tests !== undefined && existsSync(join(root, tests, 'integration')),
    ...(packageJson ? { packageJson } : {}),
    testFiles,
    concurrentTestFiles,
    sourceIsTypeScript,
    sourceExtensions,
    ...(mochaSpecIn ? { mochaSpecIn } : {}),
  };
}

/** Mocha's configuration files, in the order Mocha looks for them. */
const MOCHARC = ['.mocharc.cjs', '.mocharc.js', '.mocharc.yaml', '.mocharc.yml', '.mocharc.jsonc', '.mocharc.json'];
/** A `spec` key in JSON, YAML or a JS object literal. */
const SPEC_KEY = /(^|[\s{,])["']?spec["']?\s*:/m;

/** The Mocha configuration that names a `spec`: the first rc file Mocha would load, or package.json's
 *  `mocha`. Read as text: init does not load the project's Mocha. */
function mochaConfigNamingSpec(root: string, pkg: PackageJson | undefined): string | undefined {
  const rc = MOCHARC.find((name) => existsSync(join(root, name)));
  if (rc && SPEC_KEY.test(readFileSync(join(root, rc), 'utf8'))) return rc;
  if (pkg?.mocha && typeof pkg.mocha === 'object' && 'spec' in pkg.mocha) return 'package.json\'s "mocha"';
  return undefined;
}

/** Why the starter's unit command would be refused by every traced run: the runner version
 *  installed in `root` is one traced runs do not support (runner-support.ts). Said when the starter
 *  is written (`conlens init`, the editor's "Create starter configuration"), not at the first rank.
 *  Reads node_modules, unlike chooseStarterConfig. */
export function installedRunnerRefusal(configText: string, root: string): string | undefined {
  const command = (JSON.parse(configText) as { unit?: { command?: unknown } }).unit?.command;
  if (typeof command !== 'string') return undefined;
  try {
    return runnerRefusal(parseCommand(command).words.map((w) => ('text' in w ? w.text : w.glob)), root);
  } catch (error) {
    if (error instanceof CommandSyntaxError) return undefined;
    throw error;
  }
}
