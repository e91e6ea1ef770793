// Finds the parts of the user's Jest that jest-run.ts drives: Jest's bin, its version, and
// jest-cli's argument parser (buildArgv). Jest 30 exports buildArgv; earlier majors keep it in a
// build file behind the package's `exports` map, and that file moved within Jest 29 (29.0.0–29.0.2:
// build/cli/index.js as in 27 and 28; 29.0.3 on: build/run.js). Issue 31: a hard-coded
// build/cli/index.js crashed every traced run on Jest 29.0.3+, the most installed Jest. The
// layouts are known per version, so each is tried by its file; a Jest outside the supported
// majors is refused with its version and what works, before anything of it is loaded.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type Argv = Record<string, unknown> & { projects?: string[] };
export type BuildArgv = (args: string[]) => Argv | Promise<Argv>;

/** The Jest majors traced runs are made for (and tested on: test/slow/runner-matrix.test.ts). */
export const JEST_SUPPORTED = { min: 27, max: 30 } as const;
export const JEST_SUPPORTED_TEXT = `Jest ${JEST_SUPPORTED.min} to ${JEST_SUPPORTED.max}`;

/** Jest is not installed where the command runs. */
export class JestMissingError extends Error {}

/** This Jest cannot be traced: the message names its version and the supported ones. */
export class UnsupportedJestError extends Error {}

export interface ResolvedJest {
  /** jest/bin/jest.js, as the project resolves it. */
  bin: string;
  /** The jest package's version ("29.7.0"). */
  version: string;
  /** A require from jest-cli's folder: @jest/core and jest-config as this Jest resolves them. */
  cli: NodeJS.Require;
  buildArgv: BuildArgv;
}

/** jest-cli's build files that define buildArgv, by layout: Jest 29.0.3+, then 27, 28 and 29.0.0–29.0.2. */
const JEST_CLI_ARGV_FILES = [join('build', 'run.js'), join('build', 'cli', 'index.js')];

/** The folder of the package that `file` (a module inside it) belongs to: the nearest package.json
 *  with a name (build/ folders may carry a nameless one for their module type). */
function packageDirOf(file: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name) return dir;
  }
  return dirname(file);
}

function versionOf(dir: string): string {
  try {
    return String((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** Only the bin: what untraced runs (`conlens check`) need, any Jest version. */
export function resolveJestBin(cwd: string): string {
  try {
    return createRequire(join(cwd, 'package.json')).resolve('jest/bin/jest');
  } catch {
    throw new JestMissingError(`the command runs Jest, but "jest" cannot be resolved from ${cwd} (is it installed in this project?)`);
  }
}

/** The user's Jest as a traced run drives it; throws UnsupportedJestError for a Jest it cannot. */
export function resolveJest(cwd: string): ResolvedJest {
  const bin = resolveJestBin(cwd);
  const jestDir = packageDirOf(bin);
  const version = versionOf(jestDir);
  const major = Number(/^(\d+)\./.exec(version)?.[1]);
  const unsupported = (why: string) => new UnsupportedJestError(`Jest ${version} (${jestDir}) ${why}; Concurrency Lens traces ${JEST_SUPPORTED_TEXT} (untraced runs such as conlens check run any Jest)`);
  if (!(major >= JEST_SUPPORTED.min && major <= JEST_SUPPORTED.max)) throw unsupported('is not supported for traced runs');
  const fromJest = createRequire(bin);
  let cliMain: string;
  try {
    cliMain = fromJest.resolve('jest-cli');
  } catch {
    throw unsupported('has no jest-cli next to it');
  }
  const cli = createRequire(cliMain);
  return { bin, version, cli, buildArgv: findBuildArgv(cli, packageDirOf(cliMain), () => unsupported('has no argument parser (buildArgv) where its jest-cli keeps it')) };
}

/** jest-cli's buildArgv: its export (Jest 30), else the build file of this version's layout,
 *  required by its path (the `exports` map hides it from a package require). A file's existence
 *  picks it, never a failed require: an error thrown while loading Jest is Jest's to report. */
function findBuildArgv(cli: NodeJS.Require, cliDir: string, unsupported: () => Error): BuildArgv {
  const exported = (cli('jest-cli') as { buildArgv?: unknown }).buildArgv;
  if (typeof exported === 'function') return exported as BuildArgv;
  for (const file of JEST_CLI_ARGV_FILES.map((f) => join(cliDir, f))) {
    if (!existsSync(file)) continue;
    const internal = (cli(file) as { buildArgv?: unknown }).buildArgv;
    if (typeof internal === 'function') return internal as BuildArgv;
  }
  throw unsupported();
}
