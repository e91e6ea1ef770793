// The `conlens` executable (dist/cli.js): a few lines that load the engine bundle
// (dist/cli-main.cjs, main.ts) through the code cache the build wrote (code-cache.ts), so a
// command starts without parsing and compiling 15 MB of JavaScript first. Required rather than
// run (test/helpers/cli.ts batches commands in one process), it only exports main().
import { join } from 'node:path';
import { requireBundle } from '../core/instrument/code-cache.js';
import type * as Main from './main.js';

const engine = requireBundle(join(__dirname, 'cli-main.cjs')) as typeof Main;
if (require.main === module) engine.runCli();
export const main = engine.main;
