// dist/jest-setup.cjs: prepended to the user's `setupFiles` by jest-run.ts; runs in every test
// file's vm context before the test framework and the user's code (jest-bridge.ts says why).
import { adoptRecorder } from './jest-bridge.js';

adoptRecorder();
// The context's own Date: its clock reads count on the timers' clock as the real realm's do
// (runtime/callbacks.ts watchRealm; process is the real realm's already).
(globalThis as { __conlens?: { watchRealm?(realm: typeof globalThis): void } }).__conlens?.watchRealm?.(globalThis);
