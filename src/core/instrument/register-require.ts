// The `--require` entry of register.ts (dist/register.cjs), the one injected into the user's test
// processes. A CommonJS preload runs before the entry module exactly as Node would run it: an
// `--import` preload makes a CommonJS entry's top level run inside a microtask, so its promise
// jobs ran before its process.nextTick callbacks — an order Node never gives it (issue 20).
// Node 20 also runs `--require` preloads in its module-hooks thread (no parentPort there, unlike
// the user's worker threads): the hooks need no recorder, and registering them again from there
// would chain every hook twice.
import { isMainThread, parentPort } from 'node:worker_threads';

if (isMainThread || parentPort !== null) require('./register.ts');
