// dist/vitest-run.mjs: runs the user's `vitest …` command through Vitest's Node API with our
// plugin appended (runner/vitest.ts puts it in place of the configured command for traced runs).
// The user's vitest (resolved from the project), their arguments and their vitest.config.* are
// used as they are; nothing is written to the project.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readTraceSettings } from './instrument-config.js';
import { conlensVitePlugin } from './vitest-plugin.js';

interface VitestNode {
  parseCLI(argv: string[]): { filter: string[]; options: Record<string, unknown> };
  startVitest(mode: 'test', filters: string[], options: Record<string, unknown>, viteOverrides: { plugins: unknown[] }): Promise<{ shouldKeepServer(): boolean; exit(force?: boolean): Promise<void> }>;
}

/** Vitest's default `test.include`. */
const VITEST_DEFAULT_INCLUDE = ['**/*.{test,spec}.?(c|m)[jt]s?(x)'];
/** The tool's own folder in the project. */
const CONLENS_DIR = '.conlens';
const ownDir = dirname(fileURLToPath(import.meta.url));
const cwd = process.cwd();
const args = process.argv.slice(2);

type Target = string | { import?: Target; default?: Target } | undefined;
interface VitestPackage {
  version?: string;
  exports?: Record<string, Target>;
  module?: string;
  main?: string;
}

/** vitest's ES module entry: require.resolve would give its CommonJS stub, which refuses to load. */
function esmEntry(packageJson: string, pkg: VitestPackage): string {
  let target: Target = pkg.exports?.['.'];
  while (target && typeof target === 'object') target = target.import ?? target.default;
  return join(dirname(packageJson), target ?? pkg.module ?? pkg.main ?? 'index.js');
}

/** Vitest's `threads` pool (Vitest 1's default) runs test files in worker threads of this process
 *  and terminates them, which runs no exit handler there: each thread's trace is flushed after its
 *  file (vitest-setup.ts) but has no end record, and read as cut short. When this process exits,
 *  its threads are gone: the end record of each complete thread trace is written here. */
function endThreadTraces(runDir: string, code: number): void {
  const prefix = `trace-${process.pid}-`;
  let files: string[];
  try {
    files = readdirSync(runDir).filter((f) => f.startsWith(prefix) && f.endsWith('.jsonl'));
  } catch {
    return;
  }
  for (const file of files) {
    const path = join(runDir, file);
    const text = readFileSync(path, 'utf8');
    // A partial last line (cut mid-write) stays: that trace is cut short.
    if (!text.endsWith('\n') || /"e":"end"[^\n]*\n$/.test(text.slice(-300))) continue;
    const events = text.split('\n').length - 1;
    appendFileSync(path, `${JSON.stringify({ e: 'end', events: events + 1, reason: 'exit', code })}\n`);
  }
}

async function main(): Promise<void> {
  const settings = readTraceSettings();
  if (!settings) throw new Error('conlens: vitest-run.mjs runs only for traced runs (CONLENS_TRACE is not set)');
  process.on('exit', (code) => endThreadTraces(settings.runDir, code));
  const fromProject = createRequire(join(cwd, 'package.json'));
  let nodeEntry: string;
  try {
    nodeEntry = fromProject.resolve('vitest/node');
  } catch {
    throw new Error(`conlens: cannot find vitest from ${cwd}: install it in the project (npm i -D vitest)`);
  }
  // The setup file imports afterAll from the very vitest the tests use (runtime/vitest-setup.ts).
  const manifest = fromProject.resolve('vitest/package.json');
  const vitestPackage = JSON.parse(readFileSync(manifest, 'utf8')) as VitestPackage;
  process.env.CONLENS_VITEST_INDEX = pathToFileURL(esmEntry(manifest, vitestPackage)).href;
  const vitest = (await import(pathToFileURL(nodeEntry).href)) as VitestNode;
  const { filter, options } = vitest.parseCLI(['vitest', ...args]);
  // As vitest's own CLI does (cac.js normalizeCliOptions): --exclude from the CLI adds to the config's.
  if (options.exclude !== undefined) {
    options.cliExclude = ([] as unknown[]).concat(options.exclude);
    delete options.exclude;
  }
  if (filter.some((f) => f.includes(':'))) options.includeTaskLocation ??= true;
  // Vitest's module cache on disk (on by default from Vitest 5, `experimental` in 4): its key knows
  // our plugin's name, not our settings, so a traced run would reuse another's instrumentation
  // (trial 54: Vitest 5's integration runs read the unit run's output, and recorded no field), and
  // it would write instrumented modules into the project's node_modules. Traced runs transform
  // afresh; our own cache (instrument-cache.ts) keeps that fast.
  const vitestMajor = Number(/^(\d+)\./.exec(vitestPackage.version ?? '')?.[1]);
  if (vitestMajor >= 5) options.fsModuleCache = false;
  else if (vitestMajor === 4) options.experimental = { ...(options.experimental as object | undefined), fsModuleCache: false };
  // Tests conlens wrote under .conlens/ (conlens synth) match Vitest's default include: a run of
  // the user's command must not pick them up (the unit suite would fail on the bug they expose).
  // Only a command that names them runs them (rank's synthesized integration suite).
  const filters = filter.map((f) => f.split('\\').join('/'));
  const ours = filters.filter((f) => f.includes(CONLENS_DIR));
  if (!ours.length) options.cliExclude = [...((options.cliExclude as unknown[] | undefined) ?? []), `**/${CONLENS_DIR}/**`];
  // A config's own `include` (`test/**/*.test.ts`) leaves them out even when named: the files
  // named there are included too, beside Vitest's default pattern for the other filters.
  else options.include = [...ours.map((f) => f.replace(/^\.\//, '')), ...VITEST_DEFAULT_INCLUDE];
  const ctx = await vitest.startVitest('test', filters, options, { plugins: [conlensVitePlugin(settings, ownDir)] });
  if (!ctx.shouldKeepServer()) await ctx.exit();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode ??= 1;
  process.exit();
});
