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
