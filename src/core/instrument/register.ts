// Entry injected into the user's test processes: `node --import <dist/register.mjs> …` or through
// NODE_OPTIONS, so the user's own test command runs unchanged (DESIGN §7 "Loading").
// Kept small: it runs in every test process, including node --test's child processes.
import Module, { register } from 'node:module';
import { readFileSync } from 'node:fs';
import { moduleFormatOf } from './module-format.js';
import type * as Transpile from './transpile.js';

register('./loader-hooks.mjs', import.meta.url);
process.setSourceMapsEnabled(true);

// CommonJS: require() of .ts files (also extensionless, Node tries registered extensions in order).
interface CommonJsModule {
  _compile(code: string, filename: string): void;
}
type ExtensionHandler = (module: CommonJsModule, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, ExtensionHandler> })._extensions;
let transpiler: typeof Transpile | undefined;
const compileTypeScript: ExtensionHandler = (module, filename) => {
  transpiler ??= Module.createRequire(import.meta.url)('./transpile.cjs') as typeof Transpile;
  const source = readFileSync(filename, 'utf8');
  if (moduleFormatOf(filename) === 'module') {
    // An ES module reached through require(): Node 20 cannot require ESM, say so plainly.
    throw new Error(`${filename} is an ES module (package.json "type": "module"); load it with import, not require()`);
  }
  module._compile(transpiler.transpileTypeScript(source, filename, 'commonjs').code, filename);
};
for (const ext of ['.ts', '.cts']) extensions[ext] ??= compileTypeScript;

// CommonJS twin of the resolve hook: require('./a.js') names ./a.ts in TypeScript sources.
type ResolveFilename = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;
const moduleStatics = Module as unknown as { _resolveFilename: ResolveFilename };
const resolveFilename = moduleStatics._resolveFilename;
moduleStatics._resolveFilename = function resolveTypeScriptFilename(request, parent, isMain, options) {
  try {
    return resolveFilename.call(this, request, parent, isMain, options);
  } catch (error) {
    const parentFile = (parent as { filename?: string } | undefined)?.filename;
    if (!/^\.{1,2}\//.test(request) || !/\.[cm]?js$/.test(request) || !parentFile || !/\.[cm]?ts$/.test(parentFile)) throw error;
    const tsRequest = request.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts').replace(/\.cjs$/, '.cts');
    try {
      return resolveFilename.call(this, tsRequest, parent, isMain, options);
    } catch {
      throw error;
    }
  }
};
