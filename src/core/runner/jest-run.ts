// dist/jest-run.cjs: runs the user's Jest (resolved from their project, never ours) with their
// arguments. Untraced it is simply Jest's own bin. Traced (CONLENS_TRACE set by run-traced.ts),
// it reads the user's config exactly as Jest does (jest.config.*, package.json#jest, --config,
// presets), then runs runCLI with argv extended: every `transform` entry becomes our transformer
// carrying the original as its option, and our setup file comes first in `setupFiles`. Nothing
// is written into the user's files. The exit status is Jest's.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { RUNNER_REFUSED_FILE, readTraceSettings } from '../instrument/instrument-config.js';
import { JestMissingError, UnsupportedJestError, resolveJest, resolveJestBin, type Argv } from './jest-resolve.js';

interface ProjectConfig {
  transform: [string, string, unknown][];
  setupFiles: string[];
  setupFilesAfterEnv?: string[];
  testPathIgnorePatterns?: string[];
  /** Absolute, as jest-config resolves them. */
  roots?: string[];
  rootDir?: string;
}
interface GlobalConfig {
  testFailureExitCode: number;
  forceExit?: boolean;
}

const userArgs = process.argv.slice(2);
const cwd = process.cwd();

async function main(): Promise<void> {
  const settings = readTraceSettings();
  if (!settings) {
    // `conlens check` and other untraced runs: Jest exactly as configured, whatever its version.
    const bin = resolveJestBin(cwd);
    process.argv = [process.argv[0], bin, ...userArgs];
    createRequire(bin)(bin);
    return;
  }
  let jest: ReturnType<typeof resolveJest>;
  try {
    jest = resolveJest(cwd);
  } catch (error) {
    // The run reports this reason instead of a test failure or an empty trace (run-traced.ts).
    if (error instanceof UnsupportedJestError) writeFileSync(join(settings.runDir, RUNNER_REFUSED_FILE), error.message);
    throw error;
  }
  const { cli, buildArgv } = jest;
  const { runCLI } = cli('@jest/core') as { runCLI(argv: Argv, projects: string[]): Promise<{ results: { success: boolean }; globalConfig: GlobalConfig }> };
  const { readConfigs } = createRequire(cli.resolve('@jest/core'))('jest-config') as { readConfigs(argv: Argv, projects: string[]): Promise<{ configs: ProjectConfig[] }> };

  const argv = await buildArgv(userArgs);
  const projects = argv.projects?.length ? argv.projects : [cwd];
  const { configs } = await readConfigs(argv, projects);
  // One argv serves every project: with several projects, the first one's transforms and setup
  // files are the ones extended (docs/runners.md, limits).
  const config = configs[0];
  const transform: Record<string, [string, { transformer: string; options: unknown }]> = {};
  for (const [pattern, transformer, options] of config.transform) {
    transform[pattern] = [join(__dirname, 'jest-transform.cjs'), { transformer, options }];
  }
  argv.transform = JSON.stringify(transform);
  argv.setupFiles = [join(__dirname, 'jest-setup.cjs'), ...config.setupFiles];
  argv.setupFilesAfterEnv = [join(__dirname, 'jest-tests.cjs'), ...(config.setupFilesAfterEnv ?? [])];
  // The controlled scheduler's decisions are per process and a replay must meet the same
  // scheduling points in the same order: which files share a worker is not deterministic, so a
  // scheduled run runs its files in one process.
  if (settings.schedule) argv.runInBand = true;
  // Tests conlens wrote under .conlens/ (conlens synth) match Jest's default testMatch: a run of
  // the user's command must not pick them up; only a command that names them runs them.
  // The project's own .conlens/ only (where the command runs): a project that lives below some
  // other .conlens/ folder (a copy the bench made under its own) keeps its tests.
  if (!userArgs.some((a) => a.includes('.conlens'))) argv.testPathIgnorePatterns = [...(config.testPathIgnorePatterns ?? []), `${join(cwd, '.conlens').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`];
  else {
    // A config's `roots` (`<rootDir>/test`) leave them out even when named (rank's synthesized
    // suite: "No tests found"): the project's .conlens/ is a root too.
    const own = join(config.rootDir ?? cwd, '.conlens');
    const roots = config.roots ?? [];
    if (!roots.some((r) => !relative(r, own).startsWith('..'))) argv.roots = [...roots, own];
  }

  const { results, globalConfig } = await runCLI(argv, projects);
  const code = !results || results.success ? 0 : globalConfig.testFailureExitCode;
  process.exitCode = code;
  if (globalConfig.forceExit) process.exit(code);
}

main().catch((error: unknown) => {
  // Ours are messages for the user, not crashes: no stack.
  const ours = error instanceof JestMissingError || error instanceof UnsupportedJestError;
  process.stderr.write(ours ? `conlens: ${error.message}\n` : `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
