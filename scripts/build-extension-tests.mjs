// Bundles the extension-host suites (test/extension-host) into dist-test/extension-host/ for both
// hosts: code-server (test/extension-host/run.mjs) and VS Code desktop (.vscode-test.mjs). The
// files run inside the extension host, so `vscode` (the host's) and mocha (the runner's) stay
// external; what they import from src/ is bundled in.
import * as esbuild from 'esbuild';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = 'test/extension-host';
const entryPoints = { index: join(root, 'index.ts') };
for (const folder of ['suite', 'vitest', 'restricted']) {
  for (const file of readdirSync(join(root, folder)).filter((f) => f.endsWith('.test.ts'))) entryPoints[`${folder}/${file.replace(/\.ts$/, '')}`] = join(root, folder, file);
}
await esbuild.build({
  entryPoints,
  outdir: 'dist-test/extension-host',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'inline',
  logLevel: 'warning',
  external: ['vscode', 'mocha'],
});
