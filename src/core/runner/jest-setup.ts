// dist/jest-setup.cjs: prepended to the user's `setupFiles` by jest-run.ts; runs in every test
// file's vm context before the test framework and the user's code (jest-bridge.ts says why).
import { adoptRecorder } from './jest-bridge.js';

adoptRecorder();
