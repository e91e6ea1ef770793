// Loads our two large CommonJS bundles through V8's code cache. dist/transpile.cjs (the TypeScript
// compiler and our transform, 10 MB) is loaded by every test process whose .ts files miss the
// instrumentation cache, dist/cli-main.cjs (the engine with ts-morph, 15 MB) by every `conlens`
// command; V8 spends about 0.3 s of CPU parsing and compiling each. The build writes the code
// cache next to the bundle (`<bundle>.v8cache`, after a warm-up that runs the functions a typical
// use needs: code-cache-writer.ts); loading through it skips that work. A cache V8 rejects
// (another Node.js version, other V8 flags) costs nothing: V8 compiles the source as require()
// would. V8 checks only the source's length, so the cache names the exact bundle it was made from
// (its size and modification time, as instrument-cache.ts fingerprints the build) and is ignored
// for any other. Nothing here writes at run time, so a read-only install works the same.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import * as vm from 'node:vm';

export const CODE_CACHE_SUFFIX = '.v8cache';

export interface CompiledBundle {
  script: vm.Script;
  exports: unknown;
}

// Node's own module wrapper, on the first line so every line number stays what it is in the file.
const wrap = (source: string) => `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

/** The bundle compiled (not run), through `cachedData` when given. */
export function bundleScript(file: string, cachedData?: Buffer): vm.Script {
  const source = readFileSync(file, 'utf8');
  // A bundle never calls import() (esbuild inlines what it imports); should one, it resolves as
  // in any module of the main context (Node ≥ 20.12).
  const importModuleDynamically = (vm.constants as typeof vm.constants | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  return new vm.Script(wrap(source.startsWith('#!') ? `//${source.slice(2)}` : source), {
    filename: file,
    cachedData,
    ...(importModuleDynamically !== undefined ? { importModuleDynamically } : {}),
  });
}

/** Compiles and runs the bundle as a CommonJS module would run. */
export function compileBundle(file: string, cachedData?: Buffer): CompiledBundle {
  const script = bundleScript(file, cachedData);
  const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return { script, exports: module.exports };
}

/** The first line of a cache file: which bundle it belongs to. */
export function bundleStamp(file: string): string {
  const s = statSync(file);
  return `conlens-code-cache/1 ${s.size} ${s.mtimeMs}\n`;
}

/** The cache data for the bundle as it is now, or undefined (none, or made from another build). */
export function readCodeCache(file: string): Buffer | undefined {
  try {
    const data = readFileSync(file + CODE_CACHE_SUFFIX);
    const stamp = Buffer.from(bundleStamp(file));
    return data.subarray(0, stamp.length).equals(stamp) ? data.subarray(stamp.length) : undefined;
  } catch {
    return undefined;
  }
}

/** The bundle's exports: through its code cache when the build wrote one, else by require(). */
export function requireBundle(file: string): unknown {
  const cachedData = readCodeCache(file);
  return cachedData ? compileBundle(file, cachedData).exports : createRequire(file)(file);
}
