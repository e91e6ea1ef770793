// An include that names no file of the project (`src/**/*.js` where the sources are .mjs) makes
// every later stage run on nothing: nothing is instrumented, nothing ranked, and a correct-looking
// "no finding" would rest on no code at all (wsrep: init wrote such an include, rank exited 0).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import type { LoadedConfig } from './config-types.js';

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP = new Set(['node_modules', '.git', '.conlens']);
/** Enough to find one match or to tell what is there, in a project of any size. */
const MAX_FILES = 20000;

/** What is wrong with `include` when it matches no source file under the project (undefined: it
 *  matches some): the problem, naming the extensions the files of its folders have. */
export function includeMatchesNothing(loaded: LoadedConfig): string | undefined {
  const patterns = loaded.config.include.map((p) => (p.endsWith('/**') ? `${p}/*` : p));
  const isIncluded = picomatch(patterns, { dot: false });
  const bases = new Set(loaded.config.include.map((p) => picomatch.scan(p).base).filter(Boolean));
  const near = new Map<string, number>();
  let seen = 0;
  const walk = (dir: string, rel: string, depth: number): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const entry of entries) {
      if (SKIP.has(entry.name) || ++seen > MAX_FILES) continue;
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (depth < 12 && walk(join(dir, entry.name), path, depth + 1)) return true;
      } else if (SOURCE.test(path) && !path.endsWith('.d.ts')) {
        if (isIncluded(path)) return true;
        if ([...bases].some((b) => path.startsWith(`${b}/`))) {
          const ext = path.slice(path.lastIndexOf('.'));
          near.set(ext, (near.get(ext) ?? 0) + 1);
        }
      }
    }
    return false;
  };
  if (walk(loaded.root, '', 0) || seen > MAX_FILES) return undefined;
  const there = [...near].sort((a, b) => b[1] - a[1]);
  if (there.length === 0) return 'matches no source file of the project; name the files to analyze, e.g. "src/**/*.ts"';
  const [base] = bases;
  return `matches no source file of the project (under ${[...bases].join(', ')}: ${there.map(([ext, n]) => `${n} ${ext}`).join(', ')} files); name them, e.g. "${base}/**/*${there[0][0]}"`;
}
