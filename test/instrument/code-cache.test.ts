// code-cache.ts: our large bundles load through the V8 code cache the build wrote, and a cache that
// is not the bundle's own is never used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleScript, bundleStamp, CODE_CACHE_SUFFIX, compileBundle, readCodeCache, requireBundle } from '../../src/core/instrument/code-cache.ts';
import { tempProject } from '../helpers/temp-project.ts';

const DIST = join(__dirname, '..', '..', 'dist');

/** Writes `file`'s code cache as the build does (code-cache-writer.ts). */
function writeCache(file: string): void {
  const { script } = compileBundle(file);
  writeFileSync(file + CODE_CACHE_SUFFIX, Buffer.concat([Buffer.from(bundleStamp(file)), script.createCachedData()]));
}

test('a bundle loads through its own cache, with the exports require() gives, and V8 accepts the cache', () => {
  const root = tempProject({ 'bundle.cjs': "#!/usr/bin/env node\nconst { basename } = require('node:path');\nexports.name = () => basename(__filename) + ' ' + typeof module.exports;\n" });
  const file = join(root, 'bundle.cjs');
  assert.equal((requireBundle(file) as { name(): string }).name(), 'bundle.cjs object', 'no cache: plain require');
  writeCache(file);
  const cachedData = readCodeCache(file);
  assert.ok(cachedData);
  const loaded = compileBundle(file, cachedData);
  assert.equal(loaded.script.cachedDataRejected, false);
  assert.equal((loaded.exports as { name(): string }).name(), 'bundle.cjs object');
  assert.equal((requireBundle(file) as { name(): string }).name(), 'bundle.cjs object');
});

test('a cache made from another build of the bundle is ignored, even when V8 would accept it (same length)', () => {
  const root = tempProject({ 'bundle.cjs': "module.exports = 'aaa';\n" });
  const file = join(root, 'bundle.cjs');
  writeCache(file);
  writeFileSync(file, "module.exports = 'bbb';\n");
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
  assert.equal(readCodeCache(file), undefined);
  assert.equal(requireBundle(file), 'bbb');
  // A cache file that is not ours at all.
  writeFileSync(file + CODE_CACHE_SUFFIX, 'not a cache');
  assert.equal(requireBundle(file), 'bbb');
});

test('the build wrote caches V8 accepts for transpile.cjs and cli-main.cjs', { skip: !existsSync(join(DIST, 'transpile.cjs')) && 'npm run build first' }, () => {
  for (const name of ['transpile.cjs', 'cli-main.cjs']) {
    const file = join(DIST, name);
    const cachedData = readCodeCache(file);
    assert.ok(cachedData, `${name}: no code cache matching the bundle (scripts/build.mjs writes it)`);
    // Compiling is enough to know whether V8 takes the cache (running cli-main would start a CLI).
    assert.equal(bundleScript(file, cachedData).cachedDataRejected, false, `${name}: V8 rejected the cache`);
  }
  const { transpileTypeScript } = requireBundle(join(DIST, 'transpile.cjs')) as typeof import('../../src/core/instrument/transpile.ts');
  assert.match(transpileTypeScript('export const x: number = 1;', '/p/a.ts', 'module').code, /export const x = 1;/);
});
