// The Vite plugin that instruments a Vitest run (issue 15). Vite's module runner loads the user's
// code itself, so the loader hook never sees it: this plugin instruments the same files
// (instrumentationFor) with the same options, on Vite's own output, so a Vitest run executes what
// plain Vitest executes and its trace names the same program points, sites and lines as node:test's.
import { join } from 'node:path';
import { instrumentationFor, type TraceSettings } from './instrument-config.js';
import { instrumentCacheFor } from './instrument-cache.js';
import { requireBundle } from './code-cache.js';
import type * as Transpile from './transpile.js';
import { instrumentEmitted } from './instrument-emitted.js';
import type { RawSourceMap } from './source-map.js';

/** The part of Vite's Plugin interface we use (vite's types are not our dependency). */
export interface ConlensVitePlugin {
  name: string;
  enforce: 'post';
  config(): { test: { setupFiles: string[] } };
  transform(this: TransformContext, code: string, id: string): { code: string; map: RawSourceMap | null } | null;
}
interface TransformContext {
  /** The map of all earlier transforms of this module: their output → the file as written. */
  getCombinedSourcemap(): RawSourceMap;
}

export function conlensVitePlugin(settings: TraceSettings, ownDir: string): ConlensVitePlugin {
  const instrumentFor = instrumentationFor(settings, ownDir);
  const cache = instrumentCacheFor(settings, ownDir);
  let transpiler: typeof Transpile | undefined;
  const transpile = () => (transpiler ??= requireBundle(join(ownDir, 'transpile.cjs')) as typeof Transpile);
  return {
    name: 'concurrency-lens',
    // After vite:esbuild and the other plugins: what runs is exactly the code plain Vitest runs
    // (esbuild's class names, field semantics, decorator lowering), instrumented, with program
    // points and sites mapped back to the .ts lines through the combined map (instrument-emitted.ts).
    // Vite chains our map after the earlier ones for stack traces.
    enforce: 'post',
    // The worker-side runtime (recorder for the threads pool, per-file process key, flushing):
    // appended to the user's setupFiles by Vite's config merge, their config file untouched.
    config: () => ({ test: { setupFiles: [join(ownDir, 'vitest-setup.mjs')] } }),
    transform(code, id) {
      if (id.startsWith('\0') || id.includes('?')) return null;
      const instrument = instrumentFor(id);
      if (!instrument) return null;
      let earlier: RawSourceMap | undefined;
      try {
        earlier = this.getCombinedSourcemap();
      } catch {
        // No earlier transform left a map: positions are the file's own.
      }
      const output = instrumentEmitted(cache, transpile, code, earlier?.mappings ? earlier : undefined, id, instrument);
      if (output.instrumentError) {
        process.stderr.write(`conlens: warning: ${id} could not be instrumented (${output.instrumentError}); it runs uninstrumented\n`);
        return null;
      }
      return { code: output.code, map: output.map ?? null };
    },
  };
}
