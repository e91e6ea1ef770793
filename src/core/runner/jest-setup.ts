// dist/jest-setup.cjs: prepended to the user's `setupFiles` by jest-run.ts; runs in every test
// file's vm context before the test framework and the user's code (jest-bridge.ts says why).
import { adoptRecorder } from './jest-bridge.js';

adoptRecorder();
// The context's own Date: its clock reads count on the timers' clock as the real realm's do
// (runtime/callbacks.ts watchClock; performance and process are the real realm's already).
const watchClock = (globalThis as { __conlens?: { watchClock?(owner: object, name: string): void } }).__conlens?.watchClock;
watchClock?.(Date, 'now');
watchClock?.(Date.prototype, 'getTime');
watchClock?.(Date.prototype, 'valueOf');
