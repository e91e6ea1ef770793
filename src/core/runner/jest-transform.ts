// dist/jest-transform.cjs: the Jest transformer jest-run.ts puts in place of every `transform`
// entry of the user's config, with the original as its option. Jest loads code through its own
// `transform` + `vm` modules, so the `--import` loader never sees it (issue 15).
//
// Why instrument the original transformer's OUTPUT (and map positions through its source map)
// rather than its input: the user's transform stays exactly what runs — ts-jest's or Babel's
// emit, babel-plugin-jest-hoist moving `jest.mock` above the imports, decorators, path
// rewrites — and our transformer already handles plain JavaScript (the loader instruments .js
// files the same way). Program points and await sites are mapped back to the user's lines
// (InstrumentOptions.mapPosition), and our map is composed with theirs for stack traces.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { instrumentationFor, readTraceSettings } from '../instrument/instrument-config.js';
import { buildFingerprint, cachedTranspile, instrumentCacheFor } from '../instrument/instrument-cache.js';
import type * as Transpile from '../instrument/transpile.js';
import { composeMaps, type RawSourceMap } from '../instrument/source-map.js';
import { instrumentEmitted } from '../instrument/instrument-emitted.js';
import { publishRecorder } from './jest-bridge.js';
import { requireBundle } from '../instrument/code-cache.js';

interface TransformOptions {
  config: { cwd?: string; rootDir?: string };
  configString: string;
  supportsStaticESM?: boolean;
  transformerConfig?: unknown;
  [key: string]: unknown;
}
type TransformResult = string | { code: string; map?: RawSourceMap | string | null };
interface JestTransformer {
  canInstrument?: boolean;
  getCacheKey?(source: string, path: string, options: TransformOptions): string;
  getCacheKeyAsync?(source: string, path: string, options: TransformOptions): Promise<string>;
  process?(source: string, path: string, options: TransformOptions): TransformResult;
  processAsync?(source: string, path: string, options: TransformOptions): Promise<TransformResult>;
}
interface WrapperOptions {
  /** The original transformer's module path (resolved by Jest's config) and its options. */
  transformer: string;
  options?: unknown;
}

// The worker's recorder (installed by register.mjs in the real realm) for the tests' vm contexts.
publishRecorder();

const settings = readTraceSettings();
const instrumentFor = instrumentationFor(settings, __dirname);
const cache = instrumentCacheFor(settings, __dirname);
const loadDynamic = require;
let transpiler: typeof Transpile | undefined;
const transpile = () => (transpiler ??= requireBundle(join(__dirname, 'transpile.cjs')) as typeof Transpile);
// Our own code is part of the cache key: a new Concurrency Lens never reuses old instrumentation.
const ownVersion = buildFingerprint(__dirname);

function loadTransformer(path: string, options: unknown): JestTransformer | Promise<JestTransformer> {
  const loaded = loadDynamic(path) as { default?: unknown } & Record<string, unknown>;
  const module = (loaded && typeof loaded.createTransformer !== 'function' && loaded.default ? loaded.default : loaded) as JestTransformer & { createTransformer?: (o: unknown) => JestTransformer | Promise<JestTransformer> };
  return typeof module.createTransformer === 'function' ? module.createTransformer(options) : module;
}

function asMap(map: RawSourceMap | string | null | undefined): RawSourceMap | undefined {
  if (!map) return undefined;
  return typeof map === 'string' ? (JSON.parse(map) as RawSourceMap) : map;
}

function instrument(result: TransformResult, path: string): TransformResult {
  const instrumentOptions = instrumentFor(path);
  if (!instrumentOptions) return result;
  const given = typeof result === 'string' ? { code: result, map: undefined } : result;
  const output = instrumentEmitted(cache, transpile, given.code, asMap(given.map), path, instrumentOptions);
  if (output.instrumentError) {
    process.stderr.write(`conlens: warning: ${path} could not be instrumented (${output.instrumentError}); it runs uninstrumented\n`);
    return result;
  }
  // Jest takes one map per file: ours composed with theirs, for stack traces at the user's lines.
  const map = output.map && output.theirMap ? composeMaps(output.map, output.theirMap) : output.map ? { ...output.map, sources: [path] } : undefined;
  return map ? { code: output.code, map } : { code: output.code };
}

function cacheKey(innerKey: string | undefined, source: string, path: string, options: TransformOptions): string {
  const hash = createHash('sha1');
  // Without the inner key, Jest's own default: the file, its path and the project config.
  hash.update(innerKey ?? `${source}\0${path}\0${options.configString}\0${JSON.stringify(options.transformerConfig ?? null)}`);
  hash.update('\0conlens\0');
  hash.update(ownVersion);
  // What this file's instrumentation depends on (not the run's seed or directory: those are
  // read at run time, and the cache stays warm across runs).
  hash.update(JSON.stringify(instrumentFor(path) ?? null));
  hash.update(String(options.supportsStaticESM ?? false));
  return hash.digest('hex');
}

/** Jest 28+ awaits createTransformer; Jest 27 calls it synchronously and reads `process` off the
 *  result at once: when the user's transformer is created synchronously (ts-jest, babel-jest), so
 *  is ours. */
export function createTransformer(wrapperOptions: WrapperOptions): JestTransformer | Promise<JestTransformer> {
  const inner = loadTransformer(wrapperOptions.transformer, wrapperOptions.options);
  return inner instanceof Promise ? inner.then((loaded) => wrapTransformer(loaded, wrapperOptions)) : wrapTransformer(inner, wrapperOptions);
}

function wrapTransformer(inner: JestTransformer, wrapperOptions: WrapperOptions): JestTransformer {
  const innerOptions = (options: TransformOptions): TransformOptions => ({ ...options, transformerConfig: wrapperOptions.options });
  const wrapped: JestTransformer = {
    canInstrument: inner.canInstrument,
    getCacheKey: (source, path, options) => cacheKey(inner.getCacheKey?.(source, path, innerOptions(options)), source, path, options),
    getCacheKeyAsync: async (source, path, options) => {
      const innerKey = inner.getCacheKeyAsync ? await inner.getCacheKeyAsync(source, path, innerOptions(options)) : inner.getCacheKey?.(source, path, innerOptions(options));
      return cacheKey(innerKey, source, path, options);
    },
  };
  if (inner.process) {
    const process = inner.process.bind(inner);
    wrapped.process = (source, path, options) => instrument(process(source, path, innerOptions(options)), path);
  }
  if (inner.processAsync || inner.process) {
    wrapped.processAsync = async (source, path, options) => {
      const result = inner.processAsync ? await inner.processAsync(source, path, innerOptions(options)) : inner.process!(source, path, innerOptions(options));
      return instrument(result, path);
    };
  }
  return wrapped;
}

// Jest loads transformers with interop: an ES-module-shaped export (as the bundle has) is read
// through its `default`.
export default { createTransformer };
