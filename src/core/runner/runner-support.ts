// Which runner versions a traced run supports, checked before the run starts (issue 31): a
// runner or version we cannot trace is refused by every traced command (trace, mine, fuzz,
// replay, rank, synth) with its name, its version and what works — never a run that records
// nothing and a message about `include`. The ranges are the ones the slow tier's version matrix
// runs (test/slow/runner-versions.test.ts, jest-versions.test.ts); `conlens check` runs the
// command plainly and takes any version.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { JEST_SUPPORTED } from './jest-resolve.js';
import { isHooked, runnerOf, type TestRunner } from './test-runners.js';

/** A traced run of this command cannot be made: the message says why and what works. */
export class RunnerRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunnerRefusedError';
  }
}

interface Supported {
  /** The npm package whose version decides. */
  pkg: string;
  min: number;
  max: number;
  label: string;
}

/** The majors traced runs are tested on, per runner (node:test goes with Node itself). */
export const RUNNER_SUPPORTED: Partial<Record<TestRunner, Supported>> = {
  mocha: { pkg: 'mocha', min: 9, max: 12, label: 'Mocha' },
  jest: { pkg: 'jest', min: JEST_SUPPORTED.min, max: JEST_SUPPORTED.max, label: 'Jest' },
  vitest: { pkg: 'vitest', min: 1, max: 5, label: 'Vitest' },
  ava: { pkg: 'ava', min: 5, max: 7, label: 'ava' },
  tap: { pkg: 'tap', min: 18, max: 21, label: 'node-tap' },
};

/** What traced runs support, for messages. */
export function supportedRunnersText(): string {
  const ranges = Object.values(RUNNER_SUPPORTED).map((s) => `${s!.label} ${s!.min}–${s!.max}`);
  return `node --test, ${ranges.join(', ')}`;
}

/** The version of `pkg` as Node would resolve it from `cwd` (the nearest node_modules/<pkg>
 *  above it), or undefined when it is not installed there. */
export function installedVersion(cwd: string, pkg: string): { version: string; dir: string } | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(manifest)) {
      try {
        const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
        return { version: typeof version === 'string' ? version : 'unknown', dir: dirname(manifest) };
      } catch {
        return { version: 'unknown', dir: dirname(manifest) };
      }
    }
    if (dir === dirname(dir)) return undefined;
  }
}

/** Why a traced run of `argv` (run in `cwd`) is refused before it starts; undefined when it can
 *  run (a supported runner and version, node --test, or a command we do not recognise, whose
 *  empty trace is explained after the run: test-runners.ts unhookedRunnerMessage). */
export function runnerRefusal(argv: string[], cwd: string): string | undefined {
  const { runner } = runnerOf(argv, cwd);
  const untraced = '(untraced runs such as conlens check run it as configured)';
  const supported = RUNNER_SUPPORTED[runner];
  if (!supported) return undefined;
  const installed = installedVersion(cwd, supported.pkg);
  // Not installed: the run fails as it would plainly, with the runner's own words.
  if (!installed) return undefined;
  const major = Number(/^(\d+)\./.exec(installed.version)?.[1]);
  if (major >= supported.min && major <= supported.max) return undefined;
  return `${supported.label} ${installed.version} (${installed.dir}) is not supported for traced runs; Concurrency Lens traces ${supportedRunnersText()} ${untraced}`;
}

/** Why a traced run of `argv` recorded nothing when its runner is one we cannot hook (a command
 *  we do not recognise, or Jest/Vitest without their wrapper); undefined for the runners we hook,
 *  where an empty trace means `include` matches nothing the tests load. */
export function unhookedRunnerMessage(argv: string[], cwd: string): string | undefined {
  const { runner, name } = runnerOf(argv, cwd);
  if (isHooked(runner)) return undefined;
  const supported = `supported: ${supportedRunnersText()} (directly, through npx, or as a package.json script)`;
  const what = runner === 'unknown' ? `"${name}" is not a test runner Concurrency Lens can instrument` : `${name} loads the code through its own transform pipeline, which Concurrency Lens does not hook yet`;
  return `no program point was recorded: ${what}; ${supported}`;
}
