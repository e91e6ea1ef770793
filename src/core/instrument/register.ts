// Entry injected into the user's test processes: `node --import <dist/register.mjs> …` or through
// NODE_OPTIONS, so the user's own test command runs unchanged (DESIGN §7 "Loading").
// Always: TypeScript loading (ESM through module.register hooks, CommonJS through
// require.extensions). With CONLENS_TRACE set: the recorder (globalThis.__conlens) and
// instrumentation of the included files. Kept small: it runs in every test process.
import Module, { register } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireBundle } from './code-cache.js';
import { instrumentationFor, readTraceSettings } from './instrument-config.js';
import { installTracing } from './install-tracing.js';
import { hookAva, hookMocha, hookNodeTest, hookTap } from '../runtime/test-cases.js';
import { cachedTranspile, instrumentCacheFor, PLAIN_CACHE_ENV } from './instrument-cache.js';
import { BARE_SPECIFIER, IN_PACKAGE, moduleFormatOf } from './module-format.js';
import type * as Transpile from './transpile.js';
import type { InstrumentOptions } from './instrument-transformer.js';

const settings = readTraceSettings();
const ownDir = dirname(fileURLToPath(import.meta.url));
const pipeline = runnerPipeline();
if (!pipeline) register('./loader-hooks.mjs', { parentURL: import.meta.url, data: settings });
process.setSourceMapsEnabled(true);
if (settings) {
  const recorder = installTracing(settings, ownDir);
  // Test-case boundaries (issue 31) where Node loads the tests; Jest and Vitest have their setup files.
  if (!pipeline) {
    hookNodeTest(recorder);
    hookMocha(recorder);
    hookAva(recorder, settings.schedule);
    hookTap(recorder);
  }
}
const instrumentFor = instrumentationFor(settings, ownDir);
const cache = instrumentCacheFor(settings, ownDir);
// The test runner's plain cache is for its own test processes (the hooks thread has its copy of
// the environment already), not for the programs they start.
delete process.env[PLAIN_CACHE_ENV];

// CommonJS: require() of .ts files (also extensionless, Node tries registered extensions in order),
// and instrumentation of included .js/.cjs files.
interface CommonJsModule {
  _compile(code: string, filename: string): void;
}
type ExtensionHandler = (module: CommonJsModule, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, ExtensionHandler> })._extensions;
let transpiler: typeof Transpile | undefined;
const transpile = () => (transpiler ??= requireBundle(join(ownDir, 'transpile.cjs')) as typeof Transpile);

function compileCommonJs(module: CommonJsModule, filename: string, instrument: InstrumentOptions | undefined): void {
  const source = readFileSync(filename, 'utf8');
  const output = cachedTranspile(cache, transpile, source, filename, 'commonjs', instrument);
  if (output.instrumentError) {
    process.stderr.write(`conlens: warning: ${filename} could not be instrumented (${output.instrumentError}); it runs uninstrumented\n`);
  }
  module._compile(output.code, filename);
}

const compileTypeScript: ExtensionHandler = (module, filename) => {
  if (moduleFormatOf(filename) === 'module') {
    // An ES module reached through require(): Node 20 cannot require ESM, say so plainly.
    throw new Error(`${filename} is an ES module (package.json "type": "module"); load it with import, not require()`);
  }
  compileCommonJs(module, filename, instrumentFor(filename));
};
// Not in Vitest's processes: Vite compiles the user's TypeScript; a require() of a .ts file there
// goes to Node, which cannot load it under plain Vitest, and must not be able to under ours.
if (pipeline !== 'vitest') for (const ext of ['.ts', '.cts']) extensions[ext] ??= compileTypeScript;
if (settings) {
  for (const ext of ['.js', '.cjs']) {
    // Node 20 registers no '.cjs' handler of its own: such files go through '.js'.
    const original = extensions[ext] ?? extensions['.js'];
    extensions[ext] = (module, filename) => {
      const instrument = instrumentFor(filename);
      if (instrument) compileCommonJs(module, filename, instrument);
      else original(module, filename);
    };
  }
}

// CommonJS twin of the resolve hook: require('./a.js') names ./a.ts in TypeScript sources.
type ResolveFilename = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;
const moduleStatics = Module as unknown as { _resolveFilename: ResolveFilename };
const resolveFilename = moduleStatics._resolveFilename;
if (pipeline !== 'vitest') moduleStatics._resolveFilename = function resolveTypeScriptFilename(request, parent, isMain, options) {
  try {
    return resolveFilename.call(this, request, parent, isMain, options);
  } catch (error) {
    const parentFile = (parent as { filename?: string } | undefined)?.filename;
    if ((error as { code?: string }).code === 'MODULE_NOT_FOUND' && parentFile && BARE_SPECIFIER.test(request) && !IN_PACKAGE.test(parentFile)) {
      // A tsconfig `paths` alias (loader-hooks.ts resolve has the ES twin).
      const aliased = transpile().resolvePathAlias(request, parentFile);
      if (aliased) return aliased;
    }
    if (!/^\.{1,2}\//.test(request) || !/\.[cm]?js$/.test(request) || !parentFile || !/\.[cm]?ts$/.test(parentFile)) throw error;
    const tsRequest = request.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts').replace(/\.cjs$/, '.cts');
    try {
      return resolveFilename.call(this, tsRequest, parent, isMain, options);
    } catch {
      throw error;
    }
  }
};

/** Jest and Vitest load the user's code through their own pipelines, which our Jest transformer
 *  and Vite plugin instrument; in their processes the ESM hooks would see only the runner's own
 *  modules, each import a round trip to the hooks thread (bench/runners.mjs: ~1 s on a ten-file
 *  Vitest suite). Those processes are our runner wrappers and, started from them (marked by
 *  RUNNER_ENV), the runners' workers; a process that a test starts itself is neither and gets
 *  the hooks. Under Jest the CommonJS .ts hook stays: a jest.config.ts may be require()d. */
function runnerPipeline(): 'vitest' | 'jest' | undefined {
  const RUNNER_ENV = 'CONLENS_RUNNER_PIPELINE';
  const script = process.argv[1] ? resolve(process.argv[1]) : '';
  const wrapper = script === join(ownDir, 'vitest-run.mjs') ? 'vitest' : script === join(ownDir, 'jest-run.cjs') ? 'jest' : undefined;
  if (wrapper) {
    process.env[RUNNER_ENV] = wrapper;
    return wrapper;
  }
  const runner = process.env[RUNNER_ENV];
  const worker = { vitest: /[\\/]node_modules[\\/](tinypool|vitest)[\\/]/, jest: /[\\/]node_modules[\\/]jest-worker[\\/]/ }[runner ?? ''];
  return worker !== undefined && worker.test(script) ? (runner as 'vitest' | 'jest') : undefined;
}
