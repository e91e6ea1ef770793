// A persistent cache of transpiled + instrumented output, shared by every test process, worker
// and run of a project (issue 15, bench/runners.mjs). Loading the TypeScript compiler costs a few
// hundred ms per process (a 10 MB bundle to compile, then the transform itself); a traced run
// where every file is a cache hit never loads it. The loader hook (node:test, Mocha), the Vite
// plugin (Vitest) and the Jest transformer all go through cachedTranspile.
//
// Safety: the key covers everything the output depends on — the source text, the file name
// (compiler options and the inline source map's `sources`), the module format, the
// instrumentation options, whatever a caller maps positions through (Jest: the user's
// transformer's source map), and our own build (the transpile bundle, which carries the compiler
// and the transformer). An entry is the exact output string, written to a temporary file and
// renamed into place (readers never see a partial entry), with a checksum that is verified on
// every read: a corrupt or foreign entry is a miss, recomputed and rewritten. A cache that
// cannot be written (read-only checkout) is silently skipped; it never changes what runs.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { InstrumentOptions } from './instrument-transformer.js';
import type { TraceSettings } from './instrument-config.js';
import type * as Transpile from './transpile.js';

/** Set to "off" to bypass the cache (reads and writes), e.g. to rule it out when debugging. */
export const CACHE_ENV = 'CONLENS_CACHE';
const FORMAT = 'conlens-transpile-cache/1';

export interface InstrumentCache {
  /** <project root>/.conlens/cache/transpile/<version>: one folder per build, so the entries of
   *  older builds can be removed whole (pruneOtherBuilds). */
  dir: string;
  /** Our build's fingerprint: a new Concurrency Lens never reads an older one's entries. */
  version: string;
}

/** An untraced process has no project root to cache under; with this set to a folder it caches
 *  there. Our own test runner sets it (scripts/run-tests.mjs): every test process would otherwise
 *  transpile the same src/ modules again (about 20 ms each, a second of CPU per test file). */
export const PLAIN_CACHE_ENV = 'CONLENS_TRANSPILE_CACHE';

/** The traced run's cache (under its project root), an untraced process's when PLAIN_CACHE_ENV
 *  names a folder, or undefined: other untraced runs, CONLENS_CACHE=off. */
export function instrumentCacheFor(settings: TraceSettings | undefined, ownDir: string, env: NodeJS.ProcessEnv = process.env): InstrumentCache | undefined {
  if (env[CACHE_ENV] === 'off') return undefined;
  const base = settings?.root ? join(settings.root, '.conlens', 'cache', 'transpile') : env[PLAIN_CACHE_ENV];
  if (!base) return undefined;
  const version = buildFingerprint(ownDir);
  return { dir: join(base, version), version };
}

/** The transpile bundle's size and modification time: cheap (no 10 MB read), and any rebuild or
 *  reinstall changes it. */
export function buildFingerprint(ownDir: string): string {
  try {
    const s = statSync(join(ownDir, 'transpile.cjs'));
    return `${s.size}-${s.mtimeMs}`;
  } catch {
    // Running from source (tests): nothing to fingerprint, so no cache across builds.
    return `unbuilt-${process.pid}-${randomBytes(4).toString('hex')}`;
  }
}

/** The entry key of one transpilation. `mapPosition` is a function: its caller passes what it
 *  depends on as `keyExtra`. */
export function cacheKey(version: string, source: string, fileName: string, format: Transpile.ModuleFormat, instrument: InstrumentOptions | undefined, keyExtra = ''): string {
  const options = instrument ? JSON.stringify({ ...instrument, mapPosition: instrument.mapPosition ? true : undefined }) : 'none';
  return createHash('sha256').update([FORMAT, version, fileName, format, options, keyExtra, source].join('\0')).digest('hex');
}

function entryPath(cache: InstrumentCache, key: string): string {
  return join(cache.dir, `${key}.json`);
}

/** The entry's output, or undefined when it is missing, unreadable, corrupt or not ours. */
export function readEntry(path: string): Transpile.TranspileOutput | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  if (newline < 0) return undefined;
  const [format, checksum] = text.slice(0, newline).split(' ');
  const body = text.slice(newline + 1);
  if (format !== FORMAT || checksum !== createHash('sha256').update(body).digest('hex')) return undefined;
  try {
    const entry = JSON.parse(body) as { code?: unknown; diagnostics?: unknown };
    if (typeof entry.code !== 'string' || !Array.isArray(entry.diagnostics) || !entry.diagnostics.every((d) => typeof d === 'string')) return undefined;
    return { code: entry.code, diagnostics: entry.diagnostics as string[] };
  } catch {
    return undefined;
  }
}

const madeDirs = new Set<string>();

/** Writes an entry atomically (temporary file + rename); failures are ignored. */
export function writeEntry(path: string, dir: string, output: Transpile.TranspileOutput): void {
  const body = JSON.stringify({ code: output.code, diagnostics: output.diagnostics });
  const text = `${FORMAT} ${createHash('sha256').update(body).digest('hex')}\n${body}`;
  const temporary = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
      pruneOtherBuilds(dir);
    }
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch {
    try {
      unlinkSync(temporary);
    } catch {
      // never written
    }
  }
}

/** Another build's entries are never read again once it is replaced (an upgrade, a rebuild):
 *  removed when this build first writes, unless written to within the last day — two builds in
 *  use side by side (the extension and a CLI) keep theirs. Entries of edited files stay until
 *  the build changes; .conlens/cache can be deleted at any time. */
const STALE_MS = 24 * 3600 * 1000;
function pruneOtherBuilds(dir: string): void {
  const parent = dirname(dir);
  const own = basename(dir);
  try {
    for (const name of readdirSync(parent)) {
      if (name === own) continue;
      const other = join(parent, name);
      if (Date.now() - statSync(other).mtimeMs > STALE_MS) rmSync(other, { recursive: true, force: true });
    }
  } catch {
    // another process pruned it first, or the folder is not ours to change: nothing lost
  }
}

const tsconfigByDir = new Map<string, string>();
/** The text of the nearest tsconfig.json above `fileName` ('' if none), memoized per folder. A
 *  base it `extends` is not read: editing only that base needs CONLENS_CACHE=off or a new build. */
function nearestTsconfigText(fileName: string): string {
  const dir = dirname(fileName);
  let text = tsconfigByDir.get(dir);
  if (text === undefined) {
    try {
      text = readFileSync(join(dir, 'tsconfig.json'), 'utf8');
    } catch {
      const parent = dirname(dir);
      text = parent === dir ? '' : nearestTsconfigText(join(parent, 'x'));
    }
    tsconfigByDir.set(dir, text);
  }
  return text;
}

/** transpileTypeScript through the cache: the compiler (`load`) is loaded only on a miss. Output
 *  that fell back to uninstrumented code (instrumentError) is never cached, so its warning is
 *  printed on every run. */
export function cachedTranspile(
  cache: InstrumentCache | undefined,
  load: () => typeof Transpile,
  source: string,
  fileName: string,
  format: Transpile.ModuleFormat,
  instrument?: InstrumentOptions,
  keyExtra?: string,
): Transpile.TranspileOutput {
  if (!cache) return load().transpileTypeScript(source, fileName, format, instrument);
  // The project's tsconfig.json changes the emit (transpile.ts projectCompilerOptions).
  const path = entryPath(cache, cacheKey(cache.version, source, fileName, format, instrument, `${keyExtra ?? ''}\0${nearestTsconfigText(fileName)}`));
  const hit = readEntry(path);
  if (hit) return hit;
  const output = load().transpileTypeScript(source, fileName, format, instrument);
  if (!output.instrumentError) writeEntry(path, cache.dir, output);
  return output;
}
