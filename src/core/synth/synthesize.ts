// `conlens synth`: the unit suite traced with field accesses → client invocations → INTRUDER and/or
// He et al. candidates → test files in .conlens/synth/ (or --out), plus synth.json (what was
// written, what was skipped and why). `rank` uses it when no integration suite is configured.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { moduleFormatOf } from '../instrument/module-format.js';
import { join, relative, resolve } from 'node:path';
import type { LoadedConfig } from '../config/config-types.js';
import { parseCommand } from '../config/command.js';
import { runnerOf, type TestRunner } from '../runner/test-runners.js';
import { analyzeProject } from '../static/analyze.js';
import { runTraced } from '../trace/run-traced.js';
import { planTests } from './plan-tests.js';
import { taskBodies } from './task-bodies.js';
import { readSeedRun } from './seed-invocations.js';
import type { SynthResult } from './synth-types.js';
import { helperSpecifier, importStyle, renderTest } from './write-tests.js';

export type SynthMethodOption = 'intruder' | 'he' | 'both' | 'random';

export interface SynthOptions {
  method: SynthMethodOption;
  max?: number;
  /** Output folder (default .conlens/synth in the project). */
  out?: string;
  /** A traced unit run (with field accesses) to use instead of running the unit tests. */
  unitRunDir?: string;
  signal?: AbortSignal;
}

export interface SynthOutput extends SynthResult {
  outDir: string;
  files: string[];
  runner: TestRunner;
  /** The argv that runs the synthesized tests with the project's runner. */
  command: string[];
  /** Per test file, the argv that runs it alone (rank fuzzes each on its own). */
  commands: string[][];
  unitRunDir: string;
  /** The functions the unit tests call (not constructors), in the order first called: what a
   *  rank that could synthesize nothing did not check. */
  called: string[];
}

/** A precondition synthesis needs that does not hold, in the user's terms. */
export class SynthInputError extends Error {}

export const SYNTH_DIR = join('.conlens', 'synth');

function runnerArgv(runner: TestRunner, files: string[]): string[] {
  switch (runner) {
    case 'mocha': return ['npx', 'mocha', ...files];
    case 'jest': return ['npx', 'jest', '--runTestsByPath', ...files];
    case 'vitest': return ['npx', 'vitest', 'run', ...files];
    default: return ['node', '--test', ...files];
  }
}

export async function synthesize(loaded: LoadedConfig, options: SynthOptions): Promise<SynthOutput> {
  const { config, root } = loaded;
  if (!config.unit) throw new SynthInputError(`${loaded.file}: no "unit" command: tests are synthesized from the sequential unit tests; add { "unit": { "command": "…" } }`);
  let unitRunDir = options.unitRunDir;
  if (!unitRunDir) {
    const unit = await runTraced(loaded, { suite: 'unit', fields: true, signal: options.signal });
    if (unit.unhookedRunner) throw new SynthInputError(`the unit tests (${String(config.unit.command)}): ${unit.unhookedRunner}`);
    if (!unit.passed) throw new SynthInputError(`the unit tests failed (${unit.argv.join(' ')}, exit code ${unit.exitCode}): the seed suite must pass; fix it first (conlens check shows the output)`);
    unitRunDir = unit.runDir;
  }
  const seed = await readSeedRun(unitRunDir, root);
  if (seed.invocations.length === 0) throw new SynthInputError(`the unit tests called no instrumented function: does "include" (${config.include.join(', ')}) match the code they test?`);
  const analysis = analyzeProject(root, { include: config.include, roots: config.roots, atomic: config.atomic, locks: config.locks });
  const classes = options.method === 'he' || options.method === 'both' ? analysis.classes : [];
  const lockMethods = config.locks.flatMap((l) => [`${l.export}.${l.acquire}`, `${l.export}.${l.release}`]);
  const result = planTests(seed, classes, options.method, { max: options.max, lockMethods });
  const bodies = taskBodies(root, analysis.nodes);
  for (const test of result.tests) {
    const fn = test.parts.flat().find((f) => bodies.has(f));
    if (fn) test.taskBody = { fn, line: bodies.get(fn)! };
  }

  const outDir = resolve(root, options.out ?? SYNTH_DIR);
  mkdirSync(outDir, { recursive: true });
  for (const old of readdirSync(outDir)) if (/^synth-.*\.test\.[cm]?[jt]s$/.test(old)) rmSync(join(outDir, old));
  let words: string[] = [];
  try {
    words = parseCommand(config.unit.command).words.map((w) => ('text' in w ? w.text : w.glob));
  } catch {
    /* the runner stays unknown: node:test */
  }
  const runner = runnerOf(words, root).runner;
  const helper = helperSpecifier(outDir);
  const style = importStyle(root, [...new Set(seed.invocations.map((i) => i.testFile).filter((f): f is string => !!f))]);
  const files: string[] = [];
  for (const test of result.tests) {
    const file = join(outDir, test.name);
    writeFileSync(file, renderTest(test, { root, outDir, runner, helper, style, testFormat: moduleFormatOf(file) === 'module' ? 'module' : 'commonjs' }));
    files.push(file);
  }
  writeFileSync(join(outDir, 'synth.json'), `${JSON.stringify({ method: options.method, tests: result.tests.map(({ setup, calls, modules, state, helpers, ...t }) => t), skipped: result.skipped, counts: result.counts }, null, 2)}\n`);
  const argv = (list: string[]) => runnerArgv(runner === 'unknown' ? 'node' : runner, list.map((f) => relative(root, f)));
  const called = [...new Set(seed.invocations.filter((i) => i.kind !== 'constructor').map((i) => i.fn))];
  return { ...result, outDir, files, runner, command: argv(files), commands: files.map((f) => argv([f])), unitRunDir, called };
}
