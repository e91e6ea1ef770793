// Shared by test/instrument/instrument-cache.test.ts (each example source in one combination) and
// test/slow/instrument-cache-examples.test.ts (every source × format × instrumentation): a cache
// hit is byte-for-byte what a fresh transpilation gives, and a hit never loads the compiler.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import * as transpile from '../../src/core/instrument/transpile.ts';
import { cachedTranspile } from '../../src/core/instrument/instrument-cache.ts';
import type { InstrumentOptions } from '../../src/core/instrument/instrument-transformer.ts';
import type { ModuleFormat } from '../../src/core/instrument/transpile.ts';
import { REPO } from './cli.ts';
import { tempProject } from './temp-project.ts';

export const LOCKS = { lockMethods: ['acquire', 'release', 'runExclusive'], acquireMethods: ['acquire'] };

/** A compiler loader that counts how often it was asked for. */
export function counting(): { load: () => typeof transpile; loads: () => number } {
  let n = 0;
  return { load: () => (n++, transpile), loads: () => n };
}

export interface Combination {
  format: ModuleFormat;
  variant: InstrumentOptions | undefined;
}

const VARIANTS: (InstrumentOptions | undefined)[] = [
  undefined,
  { file: 'x', fields: false, ...LOCKS },
  { file: 'x', fields: true, ...LOCKS },
  { file: 'x', fields: true, ...LOCKS, scheduled: true },
  { file: 'x', fields: false, lockMethods: [], acquireMethods: [], scheduled: true, awaitsOnly: true },
];
const COMBINATIONS: Combination[] = (['module', 'commonjs'] as const).flatMap((format) => VARIANTS.map((variant) => ({ format, variant })));

/** For every example source, the combinations `select` picks: a miss transpiles and equals the
 *  fresh output, a hit does not load the compiler and equals it too. Returns how many compared. */
export async function cachedEqualsFresh(select: (fileIndex: number, all: Combination[]) => Combination[]): Promise<number> {
  const files = (await glob(['examples/*/src/**/*.ts'], { cwd: REPO, absolute: true })).sort();
  assert.ok(files.length >= 20);
  const cache = { dir: join(tempProject({}), '.conlens', 'cache', 'transpile', 'test-1'), version: 'test-1' };
  let compared = 0;
  for (const [index, file] of files.entries()) {
    const source = readFileSync(file, 'utf8');
    for (const { format, variant } of select(index, COMBINATIONS)) {
      const instrument = variant && { ...variant, file: file.slice(REPO.length + 1) };
      const fresh = transpile.transpileTypeScript(source, file, format, instrument);
      const miss = counting();
      assert.deepEqual(cachedTranspile(cache, miss.load, source, file, format, instrument), fresh);
      assert.equal(miss.loads(), 1, 'a miss transpiles');
      const hit = counting();
      const cached = cachedTranspile(cache, hit.load, source, file, format, instrument);
      assert.equal(hit.loads(), 0, `a hit never loads the compiler (${file})`);
      // The same string: the same program points, sites, lines and inline source map.
      assert.equal(cached.code, fresh.code);
      assert.deepEqual(cached.diagnostics, fresh.diagnostics);
      compared++;
    }
  }
  const written = existsSync(cache.dir) ? readdirSync(cache.dir) : [];
  assert.equal(written.length, compared, 'one entry per distinct transpilation');
  assert.ok(!written.some((f) => f.endsWith('.tmp')), 'no temporary file is left behind');
  return compared;
}
