// Instrumenting another transformer's JavaScript output (issue 15): Jest's `transform` (ts-jest,
// babel-jest, …) and Vite's plugin chain (esbuild) compile the user's code themselves. What runs
// must stay exactly their emit — class names, field semantics, decorator lowering, hoisted
// mocks — so we instrument that output (format 'preserve': nothing else changes) and map every
// program point and site back to the user's own lines through their source map.
import { cachedTranspile, type InstrumentCache } from './instrument-cache.js';
import type { InstrumentOptions } from './instrument-transformer.js';
import { decodeMappings, lookup, takeInlineMap, type RawSourceMap } from './source-map.js';
import type * as Transpile from './transpile.js';

export interface InstrumentedEmit {
  code: string;
  /** Our map: instrumented code → the code we were given (the caller chains or composes it). */
  map?: RawSourceMap;
  /** Their map (given, or inline in the code): the code we were given → the user's source. */
  theirMap?: RawSourceMap;
  /** Set when instrumentation failed: `code` is then the code we were given, unchanged. */
  instrumentError?: string;
}

export function instrumentEmitted(
  cache: InstrumentCache | undefined,
  transpile: () => typeof Transpile,
  given: string,
  givenMap: RawSourceMap | undefined,
  path: string,
  instrument: InstrumentOptions,
): InstrumentedEmit {
  const inline = takeInlineMap(given);
  const theirMap = givenMap ?? inline.map;
  // Decoded on the first lookup: a cache hit (every file of a warm run) never looks one up.
  let theirLines: ReturnType<typeof decodeMappings> | undefined;
  const mapPosition = theirMap
    ? (line: number, character: number) => {
        const hit = lookup((theirLines ??= decodeMappings(theirMap.mappings)), line, character);
        return hit ? { line: hit[2], character: hit[3] } : { line, character };
      }
    : undefined;
  // A .js name: the code is JavaScript, whatever the source was. mapPosition reads their map:
  // the cache key holds it.
  const output = cachedTranspile(cache, transpile, inline.code, `${path}.conlens.js`, 'preserve', { ...instrument, ...(mapPosition ? { mapPosition } : {}) }, theirMap ? JSON.stringify(theirMap) : '');
  if (output.instrumentError) return { code: given, theirMap, instrumentError: output.instrumentError };
  const ours = takeInlineMap(output.code);
  return { code: ours.code, map: ours.map, theirMap };
}
