// Node module.register() hooks (they run on Node's loader thread, see register.ts).
// resolve: lets TypeScript-style specifiers work unchanged — './a.js' naming './a.ts' (NodeNext
// convention) and extensionless relative imports.
// load: transpiles .ts/.mts/.cts modules that Node would otherwise refuse, and instruments the
// files the trace settings include (ES modules; CommonJS goes through register.ts).
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireBundle } from './code-cache.js';
import { instrumentationFor, type TraceSettings } from './instrument-config.js';
import { cachedTranspile, instrumentCacheFor, type InstrumentCache } from './instrument-cache.js';
import { BARE_SPECIFIER, IN_PACKAGE, moduleFormatOf, TYPESCRIPT_FILE } from './module-format.js';
import type * as Transpile from './transpile.js';
import type { InstrumentOptions } from './instrument-transformer.js';

type NextResolve = (specifier: string, context?: unknown) => Promise<{ url: string; format?: string | null }>;
type NextLoad = (url: string, context?: unknown) => Promise<{ format: string; source?: string | ArrayBuffer | Uint8Array | null }>;

const ownDir = dirname(fileURLToPath(import.meta.url));
let transpiler: typeof Transpile | undefined;
const transpile = (): typeof Transpile => (transpiler ??= requireBundle(join(ownDir, 'transpile.cjs')) as typeof Transpile);

let instrumentFor: ((file: string) => InstrumentOptions | undefined) | undefined;
let cache: InstrumentCache | undefined;

export function initialize(settings: TraceSettings | undefined): void {
  cache = instrumentCacheFor(settings, ownDir);
  if (settings) instrumentFor = instrumentationFor(settings, ownDir);
}

const RELATIVE = /^\.{1,2}\//;

function candidatesFor(specifier: string): string[] {
  // A query or hash (`./a.js?run=2`, a module imported afresh by a synthesized test) stays on.
  const suffix = /[?#].*$/.exec(specifier)?.[0] ?? '';
  if (suffix) return candidatesFor(specifier.slice(0, -suffix.length)).map((c) => c + suffix);
  if (/\.m?js$/.test(specifier) || /\.cjs$/.test(specifier)) {
    return [specifier.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts').replace(/\.cjs$/, '.cts')];
  }
  if (!/\.[a-z]+$/i.test(specifier)) return [`${specifier}.ts`, `${specifier}/index.ts`];
  return [];
}

export async function resolve(specifier: string, context: { parentURL?: string }, nextResolve: NextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_IMPORT_NOT_DEFINED') && BARE_SPECIFIER.test(specifier) && context.parentURL?.startsWith('file:') && !IN_PACKAGE.test(context.parentURL)) {
      // A tsconfig `paths` alias, which tsx resolves and a traced run runs without tsx (ts-loaders.ts).
      const aliased = transpile().resolvePathAlias(specifier, fileURLToPath(context.parentURL));
      if (aliased) return nextResolve(pathToFileURL(aliased).href, context);
    }
    if ((code !== 'ERR_MODULE_NOT_FOUND' && code !== 'ERR_UNSUPPORTED_DIR_IMPORT') || !RELATIVE.test(specifier)) throw error;
    for (const candidate of candidatesFor(specifier)) {
      try {
        return await nextResolve(candidate, context);
      } catch {
        // try the next candidate; the original error is the one worth reporting
      }
    }
    throw error;
  }
}

function warnIfNotInstrumented(filePath: string, error: string | undefined): void {
  if (error) process.stderr.write(`conlens: warning: ${filePath} could not be instrumented (${error}); it runs uninstrumented\n`);
}

function compile(source: string, filePath: string, instrument: InstrumentOptions | undefined): string {
  const output = cachedTranspile(cache, transpile, source, filePath, 'module', instrument);
  warnIfNotInstrumented(filePath, output.instrumentError);
  return output.code;
}

export async function load(url: string, context: { format?: string | null }, nextLoad: NextLoad) {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const filePath = fileURLToPath(url);
  const isTypeScript = TYPESCRIPT_FILE.test(filePath) && !filePath.endsWith('.d.ts');
  if (!isTypeScript) {
    const instrument = instrumentFor?.(filePath);
    if (!instrument) return nextLoad(url, context);
    const loaded = await nextLoad(url, context);
    if (loaded.format === 'commonjs') {
      // A CommonJS file reached through the ES loader (imported, or required from a CommonJS
      // module whose source came from this hook): instrument it here, as register.ts does for
      // require() from Node's own CommonJS loader.
      const source = await readFile(filePath, 'utf8');
      const output = cachedTranspile(cache, transpile, source, filePath, 'commonjs', instrument);
      warnIfNotInstrumented(filePath, output.instrumentError);
      return { format: 'commonjs', source: output.code, shortCircuit: true };
    }
    if (loaded.format !== 'module' || loaded.source == null) return loaded;
    const source = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source as Uint8Array).toString('utf8');
    return { format: 'module', source: compile(source, filePath, instrument), shortCircuit: true };
  }
  if (filePath.includes('/node_modules/')) return nextLoad(url, context);
  if (moduleFormatOf(filePath) === 'commonjs') {
    if (context.format === undefined || context.format === null || context.format === 'commonjs') {
      // Imported from an ES module: hand Node the transpiled CommonJS so it can see the named
      // exports; require() calls inside still go through Node's CommonJS loader and register.ts.
      const source = await readFile(filePath, 'utf8');
      const output = cachedTranspile(cache, transpile, source, filePath, 'commonjs', instrumentFor?.(filePath));
      warnIfNotInstrumented(filePath, output.instrumentError);
      return { format: 'commonjs', source: output.code, shortCircuit: true };
    }
    return { format: 'commonjs', source: null, shortCircuit: true };
  }
  const source = await readFile(filePath, 'utf8');
  return { format: 'module', source: compile(source, filePath, instrumentFor?.(filePath)), shortCircuit: true };
}
