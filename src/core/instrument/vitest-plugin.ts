// The Vite plugin that instruments a Vitest run (issue 15). Vite's module runner loads the user's
// code itself, so the `--import` loader hook never sees it: this plugin runs the same transpile +
// instrumentation (transpile.ts) on the same files (instrumentationFor) with the same options, so
// a Vitest trace names the same program points, sites and lines as a node:test trace.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { instrumentationFor, type TraceSettings } from './instrument-config.js';
import { cachedTranspile, instrumentCacheFor } from './instrument-cache.js';
import type * as Transpile from './transpile.js';

/** The part of Vite's Plugin interface we use (vite's types are not our dependency). */
export interface ConlensVitePlugin {
  name: string;
  enforce: 'pre';
  config(): { test: { setupFiles: string[] } };
  transform(code: string, id: string): { code: string; map: unknown } | null;
}

const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

export function conlensVitePlugin(settings: TraceSettings, ownDir: string): ConlensVitePlugin {
  const instrumentFor = instrumentationFor(settings, ownDir);
  const cache = instrumentCacheFor(settings, ownDir);
  let transpiler: typeof Transpile | undefined;
  const transpile = () => (transpiler ??= createRequire(join(ownDir, 'vitest-run.mjs'))('./transpile.cjs') as typeof Transpile);
  return {
    name: 'concurrency-lens',
    // Before vite:esbuild, on the file as written: the transformer sees the TypeScript source, so
    // the sites' lines are the .ts lines (after esbuild they would be its output's); Vite chains
    // our map with the later plugins' for stack traces.
    enforce: 'pre',
    // The worker-side runtime (recorder for the threads pool, per-file process key, flushing):
    // appended to the user's setupFiles by Vite's config merge, their config file untouched.
    config: () => ({ test: { setupFiles: [join(ownDir, 'vitest-setup.mjs')] } }),
    transform(code, id) {
      if (id.startsWith('\0') || id.includes('?')) return null;
      const instrument = instrumentFor(id);
      if (!instrument) return null;
      const output = cachedTranspile(cache, transpile, code, id, 'module', instrument);
      if (output.instrumentError) {
        process.stderr.write(`conlens: warning: ${id} could not be instrumented (${output.instrumentError}); it runs uninstrumented\n`);
      }
      const inline = INLINE_MAP.exec(output.code);
      if (!inline) return { code: output.code, map: null };
      return { code: output.code.slice(0, inline.index), map: JSON.parse(Buffer.from(inline[1], 'base64').toString('utf8')) };
    },
  };
}
