// dist/ava-run.mjs: a traced run's `ava …` (runner/ava.ts). Runs the project's own ava (resolved
// from the cwd, never ours) with the user's arguments and config, and:
//  - `--no-worker-threads`: each test file in a child process, which our register reaches
//    through NODE_OPTIONS (instrumentation, recorder, test-case hooks: runtime/test-cases.ts
//    hookAva); a worker thread gets no module hooks on Node 20;
//  - the TypeScript loaders of ava's `nodeArguments` left out of the children's execArgv, as
//    ts-loaders.ts leaves them out of a node command: our loader compiles the files and maps
//    every position to the user's source;
//  - in scheduled runs, `--concurrency=1`: one test file at a time. Each file's process keeps
//    its own decisions (its replay record is keyed by its file), but a replay must meet its
//    scheduling points under the same conditions the recorded run had (the scheduler's
//    wall-clock settle and stall waits), as Jest's runInBand does.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readTraceSettings } from '../instrument/trace-settings.js';
import { dropLoaderOptions } from './ts-loaders.js';
import { installedVersion } from './runner-support.js';

const cwd = process.cwd();
const installed = installedVersion(cwd, 'ava');
if (!installed) {
  process.stderr.write(`conlens: ava is not installed in ${cwd} (npm install --save-dev ava)\n`);
  process.exit(1);
}
const settings = readTraceSettings();
const fork = childProcess.fork;
type ForkOptions = childProcess.ForkOptions;
childProcess.fork = function forkWithoutTypeScriptLoaders(this: unknown, modulePath: string, ...rest: unknown[]) {
  const options = rest.find((r): r is ForkOptions => typeof r === 'object' && r !== null && !Array.isArray(r));
  if (options?.execArgv) options.execArgv = dropLoaderOptions(options.execArgv).kept;
  return (fork as (...args: unknown[]) => childProcess.ChildProcess).call(this, modulePath, ...rest);
} as typeof fork;
// ava imports `fork` as an ES binding of node:child_process.
syncBuiltinESMExports();
const cli = join(installed.dir, 'entrypoints', 'cli.mjs');
const ours = ['--no-worker-threads', ...(settings?.schedule ? ['--concurrency=1'] : [])];
process.argv = [process.argv[0], cli, ...ours, ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
