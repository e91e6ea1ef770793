// Node module.register() hooks (they run on Node's loader thread, see register.ts).
// resolve: lets TypeScript-style specifiers work unchanged — './a.js' naming './a.ts' (NodeNext
// convention) and extensionless relative imports.
// load: transpiles .ts/.mts/.cts modules that Node would otherwise refuse.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { moduleFormatOf, TYPESCRIPT_FILE } from './module-format.js';
import type * as Transpile from './transpile.js';

type NextResolve = (specifier: string, context?: unknown) => Promise<{ url: string; format?: string | null }>;
type NextLoad = (url: string, context?: unknown) => Promise<{ format: string; source?: string | ArrayBuffer | Uint8Array | null }>;

const requireHere = createRequire(import.meta.url);
let transpiler: typeof Transpile | undefined;
const transpile = (): typeof Transpile => (transpiler ??= requireHere('./transpile.cjs') as typeof Transpile);

const RELATIVE = /^\.{1,2}\//;

function candidatesFor(specifier: string): string[] {
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

export async function load(url: string, context: { format?: string | null }, nextLoad: NextLoad) {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const filePath = fileURLToPath(url);
  if (!TYPESCRIPT_FILE.test(filePath) || filePath.endsWith('.d.ts') || filePath.includes('/node_modules/')) {
    return nextLoad(url, context);
  }
  const format = moduleFormatOf(filePath);
  if (format === 'commonjs') {
    // Node's CommonJS loader compiles it through require.extensions (installed by register.ts),
    // so require() calls inside it keep working.
    return { format: 'commonjs', source: null, shortCircuit: true };
  }
  const source = await readFile(filePath, 'utf8');
  const { code } = transpile().transpileTypeScript(source, filePath, 'module');
  return { format: 'module', source: code, shortCircuit: true };
}
