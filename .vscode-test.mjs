// @vscode/test-cli configuration: `npx vscode-test` runs the extension-host suite
// (test/extension-host/suite) in VS Code desktop, downloaded by @vscode/test-electron on first use.
// Build first: `npm run build && node scripts/build-extension-tests.mjs`. On machines where no
// editor can be downloaded, `npm run test:extension` runs the same files in code-server's
// extension host instead (test/extension-host/run.mjs), plus the Restricted Mode suite, which
// needs an untrusted workspace — @vscode/test-electron always passes --disable-workspace-trust.
import { defineConfig } from '@vscode/test-cli';
import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustedWorkspace, vitestWorkspace } from './test/extension-host/workspaces.mjs';

const repo = dirname(fileURLToPath(import.meta.url));
// A fresh copy of examples/running-example: the suite ranks in it and changes its settings.
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'conlens-vscode-test-')));
const workspace = trustedWorkspace(repo, dir);

export default defineConfig([{
  label: 'extension host',
  files: 'dist-test/extension-host/suite/**/*.test.js',
  workspaceFolder: workspace,
  extensionDevelopmentPath: repo,
  // The same mocha options as test/extension-host/index.ts gives the code-server host.
  mocha: { ui: 'tdd', timeout: 300_000, color: true },
  env: { CONLENS_EXTHOST_SUITE: 'suite' },
}, {
  // A user's Vitest project (test/runners/vitest/account): Test Explorer and debugging under Vitest.
  label: 'vitest',
  files: 'dist-test/extension-host/vitest/**/*.test.js',
  workspaceFolder: vitestWorkspace(repo, dir),
  extensionDevelopmentPath: repo,
  mocha: { ui: 'tdd', timeout: 300_000, color: true },
  env: { CONLENS_EXTHOST_SUITE: 'vitest' },
}]);
