// Which module system a .ts/.mts/.cts file belongs to, decided the way Node decides it for .js:
// the extension first, then the nearest package.json "type".
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ModuleFormat } from './transpile.js';

const packageTypeCache = new Map<string, ModuleFormat>();

function packageTypeOf(dir: string): ModuleFormat {
  const cached = packageTypeCache.get(dir);
  if (cached) return cached;
  let format: ModuleFormat;
  let text: string | undefined;
  try {
    text = readFileSync(join(dir, 'package.json'), 'utf8');
  } catch {
    text = undefined;
  }
  if (text !== undefined) {
    let type: unknown;
    try {
      type = (JSON.parse(text) as { type?: unknown }).type;
    } catch {
      type = undefined;
    }
    format = type === 'module' ? 'module' : 'commonjs';
  } else {
    const parent = dirname(dir);
    format = parent === dir ? 'commonjs' : packageTypeOf(parent);
  }
  packageTypeCache.set(dir, format);
  return format;
}

export function moduleFormatOf(filePath: string): ModuleFormat {
  if (filePath.endsWith('.mts')) return 'module';
  if (filePath.endsWith('.cts')) return 'commonjs';
  return packageTypeOf(dirname(filePath));
}

export const TYPESCRIPT_FILE = /\.(ts|mts|cts)$/;

/** A specifier that is neither relative, absolute nor a URL (`node:fs`, `file:///…`): a package
 *  name, a subpath import or a tsconfig `paths` alias. */
export const BARE_SPECIFIER = /^(?![./]|[a-zA-Z][a-zA-Z0-9+.-]*:)/;
/** A file inside an installed package: a tsconfig `paths` alias never applies to its imports (the
 *  package is compiled already), so the compiler is not loaded to look one up — Jest's config
 *  probes optional modules (`jest-sequencer-…`) by failed require.resolve calls, each of which
 *  loaded the 10 MB compiler bundle on an otherwise warm traced run (issue 33, part 3). */
export const IN_PACKAGE = /[\\/]node_modules[\\/]/;
