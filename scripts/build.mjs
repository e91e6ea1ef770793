// Bundles the three entries into dist/ with esbuild (see docs/development.md, the `npm run build` row).
//  - extension.js   VS Code extension host entry; `vscode` stays external
//  - cli.js         the `conlens` command: loads cli-main.cjs (the engine) through its V8 code cache
//  - register.cjs   injected into the user's test processes with `node --require` (register.mjs:
//                   the same as an `--import` module, for our own test runner)
//  - loader-hooks.mjs  module.register() hooks, run on Node's loader thread
//  - vitest-run.mjs, vitest-setup.mjs  Vitest through its Node API with our Vite plugin, and
//                   the setup file the plugin adds to every Vitest worker; install-tracing.mjs
//                   the runtime it loads where the register did not run
//  - transpile.cjs  the TypeScript compiler + our transform, loaded lazily by the two above
//  - jest-run.cjs, jest-transform.cjs, jest-setup.cjs, jest-tests.cjs  Jest's wrapper, transformer and setup files
// The last two run inside the user's process, so they are kept apart from the CLI bundle.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build does not.
  mainFields: ['module', 'main'],
};
// ESM bundles that pull in CommonJS code (typescript) need a real `require`.
const esmRequireBanner = {
  js: "import { createRequire as __conlensCreateRequire } from 'node:module'; const require = __conlensCreateRequire(import.meta.url);",
};

// CommonJS bundles that inline ESM dependencies (fdir uses createRequire(import.meta.url)).
const cjsImportMeta = {
  define: { 'import.meta.url': '__conlensImportMetaUrl' },
  banner: { js: "const __conlensImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};

const builds = [
  { ...common, entryPoints: { extension: 'src/extension/extension.ts' }, format: 'cjs', outdir: 'dist', external: ['vscode'], ...cjsImportMeta },
  { ...common, entryPoints: { 'cli-main': 'src/cli/main.ts' }, format: 'cjs', outdir: 'dist', outExtension: { '.js': '.cjs' }, ...cjsImportMeta },
  { ...common, entryPoints: { cli: 'src/cli/bin.ts' }, format: 'cjs', outdir: 'dist', banner: { js: '#!/usr/bin/env node' } },
  // Build time only: writes the code caches of transpile.cjs and cli-main.cjs (below).
  { ...common, entryPoints: { 'code-cache-writer': 'src/core/instrument/code-cache-writer.ts' }, format: 'cjs', outdir: 'dist', outExtension: { '.js': '.cjs' } },
  {
    ...common,
    entryPoints: {
      register: 'src/core/instrument/register.ts',
      'loader-hooks': 'src/core/instrument/loader-hooks.ts',
      // Vitest (runner/vitest.ts): the wrapper that adds our Vite plugin, and the worker setup file.
      'vitest-run': 'src/core/instrument/vitest-run.ts',
      'vitest-setup': 'src/core/instrument/vitest-setup.ts',
      // ava (runner/ava.ts): its CLI with our execArgv filter and options.
      'ava-run': 'src/core/runner/ava-run.ts',
      'tap-run': 'src/core/runner/tap-run.ts',
      // The runtime for Vitest workers that register did not reach, loaded by vitest-setup.mjs.
      'install-tracing': 'src/core/instrument/install-tracing.ts',
    },
    format: 'esm',
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    banner: esmRequireBanner,
  },
  { ...common, entryPoints: { register: 'src/core/instrument/register-require.ts' }, format: 'cjs', outdir: 'dist', outExtension: { '.js': '.cjs' }, ...cjsImportMeta },
  // The map is written but not linked: with source maps enabled in the test process (register.ts),
  // Node would read and index its 14 MB every time the compiler loads (the VSIX ships no maps).
  { ...common, sourcemap: 'external', entryPoints: { transpile: 'src/core/instrument/transpile.ts' }, format: 'cjs', outdir: 'dist', outExtension: { '.js': '.cjs' } },
  // `import { concurrently } from 'concurrency-lens/concurrently'` in users' tests. One CommonJS
  // file serves import and require alike, so a test never holds two copies of its start sites.
  // Jest (issue 15): the runner wrapper, the transformer around the user's, the vm-context setup.
  { ...common, entryPoints: { 'jest-run': 'src/core/runner/jest-run.ts', 'jest-transform': 'src/core/runner/jest-transform.ts', 'jest-setup': 'src/core/runner/jest-setup.ts', 'jest-tests': 'src/core/runner/jest-tests.ts' }, format: 'cjs', outdir: 'dist', outExtension: { '.js': '.cjs' }, ...cjsImportMeta },
  { ...common, entryPoints: { concurrently: 'src/core/runtime/concurrently-package.ts' }, format: 'cjs', outdir: 'dist', outExtension: { '.js': '.cjs' } },
];

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('[watch] build finished, watching for changes…');
} else {
  const started = performance.now();
  // A file whose bytes did not change is not rewritten: its modification time is the build
  // fingerprint of the instrumentation caches (instrument-cache.ts, transpile.cjs), which then
  // stay valid across a rebuild of the same sources (npm test builds every time).
  const results = await Promise.all(builds.map((options) => esbuild.build({ ...options, write: false })));
  for (const file of results.flatMap((result) => result.outputFiles)) {
    if (existsSync(file.path) && Buffer.compare(readFileSync(file.path), file.contents) === 0) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  chmodSync('dist/cli.js', 0o755);
  // The V8 code caches of the two large bundles (src/core/instrument/code-cache.ts), rewritten when
  // their bundle changed. A failure only costs speed: the bundles load without a cache.
  const caches = spawnSync(process.execPath, ['dist/code-cache-writer.cjs', 'dist/transpile.cjs', 'dist/cli-main.cjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (caches.status !== 0) console.warn('warning: the V8 code caches were not written (see above); the bundles load without them');
  console.log(`built dist/ (extension, cli, cli-main + code cache, register (.cjs, .mjs), loader-hooks, vitest-run, vitest-setup, ava-run, tap-run, install-tracing, transpile + code cache, jest, concurrently) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
