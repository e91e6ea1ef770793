// dist/tap-run.mjs: a traced run's `tap …` (runner/tap.ts). Runs the project's own tap (resolved
// from the cwd, never ours) with the user's arguments and config, and:
//  - the TypeScript loaders tap puts before each test file (@tapjs/typescript's ts-node, or one
//    given with --node-arg) left out of the test processes' arguments, as ts-loaders.ts leaves
//    them out of a node command: our register (through NODE_OPTIONS) compiles the files and maps
//    every position to the user's source; tap's own (@tapjs/processinfo) stay;
//  - in scheduled runs, `--jobs=1`: one test file at a time, as ava-run.ts does and for the same
//    reason (each file's process has its own decisions, keyed by its file).
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readTraceSettings } from '../instrument/trace-settings.js';
import { withoutTapLoaders } from './tap.js';
import { installedVersion } from './runner-support.js';

const cwd = process.cwd();
const installed = installedVersion(cwd, 'tap');
if (!installed) {
  process.stderr.write(`conlens: tap is not installed in ${cwd} (npm install --save-dev tap)\n`);
  process.exit(1);
}

const settings = readTraceSettings();
const spawn = childProcess.spawn;
childProcess.spawn = function spawnWithoutTypeScriptLoaders(this: unknown, command: string, ...rest: unknown[]) {
  if (command === process.execPath && Array.isArray(rest[0])) rest[0] = withoutTapLoaders(rest[0] as string[]);
  return (spawn as (...args: unknown[]) => childProcess.ChildProcess).call(this, command, ...rest);
} as typeof spawn;
// tap's process spawner imports `spawn` as an ES binding of node:child_process.
syncBuiltinESMExports();
const cli = join(installed.dir, 'dist', 'esm', 'run.mjs');
const ours = settings?.schedule ? ['--jobs=1'] : [];
process.argv = [process.argv[0], cli, ...ours, ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
