// dist/jest-tests.cjs: prepended to the user's `setupFilesAfterEnv` by jest-run.ts; runs in every
// test file's vm context once the test framework is installed. Test-case boundaries (issue 31):
// jest-circus's running test (its state on the context's global) around each test.
import { jestTest, recordTestCases, type CircusBlock, type TestCaseHooks } from '../runtime/test-cases.js';

interface CircusTest extends CircusBlock {
  errors: unknown[];
}

const g = globalThis as unknown as Partial<TestCaseHooks<void>> & {
  __conlens?: { testCase(event: never): void };
  expect?: { getState(): { testPath?: string } };
  [key: symbol]: { currentlyRunningTest?: CircusTest | null } | undefined;
};
const recorder = g.__conlens;
if (recorder && g.beforeEach && g.afterEach) {
  // jest-circus keeps its state under a symbol of its own (not a registered one): found by name.
  const state = Object.getOwnPropertySymbols(globalThis).find((s) => s.description === 'JEST_STATE_SYMBOL');
  recordTestCases(recorder as never, g as TestCaseHooks<void>, () => {
    const test = state === undefined ? undefined : g[state]?.currentlyRunningTest;
    const file = g.expect?.getState().testPath;
    // An error already recorded on the test by its afterEach hooks: it failed.
    return test && file ? { ...jestTest(test, file), id: test, ok: test.errors.length === 0 } : undefined;
  });
}
