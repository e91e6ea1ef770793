// The instrumentation cache (instrument/instrument-cache.ts): a hit is byte-for-byte the output a
// fresh transpilation gives (code, program points, sites, lines, inline source map), the compiler
// is not loaded on a hit, bad entries are misses, and a traced run reads the same trace whether
// the cache is off, cold or warm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as transpile from '../../src/core/instrument/transpile.ts';
import { cachedEqualsFresh, counting, LOCKS } from '../helpers/cache-equality.ts';
import { cachedTranspile, cacheKey, instrumentCacheFor, readEntry, CACHE_ENV, PLAIN_CACHE_ENV, type InstrumentCache } from '../../src/core/instrument/instrument-cache.ts';
import type { InstrumentOptions } from '../../src/core/instrument/instrument-transformer.ts';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import { tempProject } from '../helpers/temp-project.ts';

const REPO = join(__dirname, '..', '..');

function freshCache(): InstrumentCache {
  return { dir: join(tempProject({}), '.conlens', 'cache', 'transpile', 'test-1'), version: 'test-1' };
}

function entries(cache: InstrumentCache): string[] {
  return existsSync(cache.dir) ? readdirSync(cache.dir) : [];
}

test('cached output equals a fresh transpilation: every example source, each in one of the formats and instrumentations (in turn)', async () => {
  // The full cross product (every source × both formats × every instrumentation) is the slow
  // tier's: test/slow/instrument-cache-examples.test.ts.
  const compared = await cachedEqualsFresh((fileIndex, combos) => [combos[fileIndex % combos.length]]);
  assert.ok(compared >= 20);
});

test('the key covers the source, file name, format, options, the caller’s extra and our build', () => {
  const instrument: InstrumentOptions = { file: 'src/a.ts', fields: true, ...LOCKS };
  const base = cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', instrument);
  const others = [
    cacheKey('v2', 'let a = 1;', '/p/src/a.ts', 'module', instrument),
    cacheKey('v1', 'let a = 2;', '/p/src/a.ts', 'module', instrument),
    cacheKey('v1', 'let a = 1;', '/p/src/b.ts', 'module', instrument),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'commonjs', instrument),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', undefined),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', { ...instrument, fields: false }),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', { ...instrument, scheduled: true }),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', { ...instrument, file: 'src/b.ts' }),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', { ...instrument, lockMethods: ['lock'] }),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', { ...instrument, mapPosition: (line, character) => ({ line, character }) }),
    cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', instrument, '{"mappings":"AAAA"}'),
  ];
  assert.equal(new Set([base, ...others]).size, others.length + 1);
  assert.equal(cacheKey('v1', 'let a = 1;', '/p/src/a.ts', 'module', { ...instrument }), base, 'stable for equal inputs');
});

test('a corrupt, truncated, foreign or unparsable entry is a miss, recomputed and rewritten', () => {
  const cache = freshCache();
  const source = 'export async function f(o: { n: number }) { await null; o.n++; return o.n; }';
  const instrument: InstrumentOptions = { file: 'src/f.ts', fields: true, ...LOCKS };
  const fresh = transpile.transpileTypeScript(source, '/p/src/f.ts', 'module', instrument);
  cachedTranspile(cache, () => transpile, source, '/p/src/f.ts', 'module', instrument);
  const [name] = entries(cache);
  const path = join(cache.dir, name);
  const good = readFileSync(path, 'utf8');
  const [header, body] = [good.slice(0, good.indexOf('\n')), good.slice(good.indexOf('\n') + 1)];
  const damaged = [
    good.slice(0, good.length - 10), // truncated
    good.replace('__conlens', '__conlenz'), // a changed byte: the checksum no longer matches
    `other-format/9 ${header.split(' ')[1]}\n${body}`, // not our format
    '', // empty
    'no newline at all',
    `${header}\n${body}`.replace(/^(\S+ )\S+/, `$1${'0'.repeat(64)}`), // wrong checksum
  ];
  for (const text of damaged) {
    writeFileSync(path, text);
    assert.equal(readEntry(path), undefined);
    const miss = counting();
    assert.deepEqual(cachedTranspile(cache, miss.load, source, '/p/src/f.ts', 'module', instrument), fresh);
    assert.equal(miss.loads(), 1, 'recomputed');
    assert.equal(readFileSync(path, 'utf8'), good, 'rewritten whole');
  }
  // A checksum-valid entry of the wrong shape is not trusted either.
  const wrongShape = JSON.stringify({ code: 42, diagnostics: [] });
  writeFileSync(path, `${header.split(' ')[0]} ${createHash('sha256').update(wrongShape).digest('hex')}\n${wrongShape}`);
  assert.equal(readEntry(path), undefined);
});

test('output that fell back to uninstrumented code is not cached; an unwritable cache is skipped', () => {
  const failing = { ...transpile, transpileTypeScript: () => ({ code: 'plain', diagnostics: [], instrumentError: 'boom' }) };
  const cache = freshCache();
  assert.equal(cachedTranspile(cache, () => failing, 'x', '/p/x.ts', 'module', { file: 'x.ts', fields: false, ...LOCKS }).instrumentError, 'boom');
  assert.deepEqual(entries(cache), []);
  // The cache folder's place is taken by a file: every write fails, the output is unchanged.
  const root = tempProject({ '.conlens/cache/transpile': 'not a folder' });
  const blocked: InstrumentCache = { dir: join(root, '.conlens', 'cache', 'transpile'), version: 'v' };
  const fresh = transpile.transpileTypeScript('export const a = 1;', '/p/a.ts', 'module');
  assert.deepEqual(cachedTranspile(blocked, () => transpile, 'export const a = 1;', '/p/a.ts', 'module'), fresh);
  assert.deepEqual(cachedTranspile(blocked, () => transpile, 'export const a = 1;', '/p/a.ts', 'module'), fresh);
});

test('the first write of a build removes the entries of builds not written to for a day', () => {
  const parent = join(tempProject({}), '.conlens', 'cache', 'transpile');
  const old = join(parent, 'old-build');
  const recent = join(parent, 'other-build-in-use');
  for (const dir of [old, recent]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'entry.json'), 'x');
  }
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  utimesSync(old, twoDaysAgo, twoDaysAgo);
  const cache: InstrumentCache = { dir: join(parent, 'this-build'), version: 'this-build' };
  cachedTranspile(cache, () => transpile, 'export const a = 1;', '/p/a.ts', 'module');
  assert.deepEqual(readdirSync(parent).sort(), ['other-build-in-use', 'this-build']);
});

test('the cache of a traced run lives in its project’s .conlens/cache; untraced runs have none unless CONLENS_TRANSPILE_CACHE names one; CONLENS_CACHE=off has none', () => {
  const settings = { root: '/p', include: ['src/**'], runDir: '/p/.conlens/runs/r', fields: false, depth: 2, locks: [] };
  const distDir = join(REPO, 'dist');
  const cache = instrumentCacheFor(settings, distDir, {});
  assert.equal(cache?.dir, join('/p', '.conlens', 'cache', 'transpile', cache!.version));
  assert.equal(instrumentCacheFor(undefined, distDir, {}), undefined);
  assert.equal(instrumentCacheFor(settings, distDir, { [CACHE_ENV]: 'off' }), undefined);
  // An untraced process caches only where PLAIN_CACHE_ENV says (our test runner's processes).
  const plain = instrumentCacheFor(undefined, distDir, { [PLAIN_CACHE_ENV]: '/tmp/plain-cache' });
  assert.equal(plain?.dir, join('/tmp/plain-cache', plain!.version));
  assert.equal(instrumentCacheFor(undefined, distDir, { [PLAIN_CACHE_ENV]: '/tmp/plain-cache', [CACHE_ENV]: 'off' }), undefined);
  if (existsSync(join(distDir, 'transpile.cjs'))) {
    assert.equal(instrumentCacheFor(settings, distDir, {})?.version, instrumentCacheFor(settings, distDir, {})?.version, 'one build, one version');
  }
});

test('processes writing the same entries at once leave only whole entries', async () => {
  const cache = freshCache();
  mkdirSync(cache.dir, { recursive: true });
  const sources = Array.from({ length: 8 }, (_, i) => `export async function f${i}(o: { n: number }) { await null; o.n += ${i}; }`);
  const script = `
const transpile = require(${JSON.stringify(join(REPO, 'src', 'core', 'instrument', 'transpile.ts'))});
const { cachedTranspile } = require(${JSON.stringify(join(REPO, 'src', 'core', 'instrument', 'instrument-cache.ts'))});
const cache = ${JSON.stringify(cache)};
for (let round = 0; round < 3; round++) for (const [i, s] of ${JSON.stringify(sources)}.entries()) cachedTranspile(cache, () => transpile, s, '/p/f' + i + '.ts', 'commonjs', { file: 'f' + i + '.ts', fields: true, lockMethods: [], acquireMethods: [] });
`;
  const register = join(REPO, 'dist', 'register.mjs');
  const runs = Array.from({ length: 4 }, () => new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', register, '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('close', resolve);
  }));
  assert.deepEqual(await Promise.all(runs), [0, 0, 0, 0]);
  const names = entries(cache);
  assert.equal(names.length, sources.length, names.join(', '));
  for (const [i, s] of sources.entries()) {
    const hit = counting();
    const output = cachedTranspile(cache, hit.load, s, `/p/f${i}.ts`, 'commonjs', { file: `f${i}.ts`, fields: true, lockMethods: [], acquireMethods: [] });
    assert.equal(hit.loads(), 0);
    assert.equal(output.code, transpile.transpileTypeScript(s, `/p/f${i}.ts`, 'commonjs', { file: `f${i}.ts`, fields: true, lockMethods: [], acquireMethods: [] }).code);
  }
});

test('a traced run records the same trace and the same stack lines with the cache off, cold and warm', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node run.ts' }, integration: { command: 'node run.ts' }, timeoutMs: 20000 }),
    'src/store.ts': `export class Store {
  private items = new Map<string, number>();
  total = 0;
  async put(key: string, n: number): Promise<number> {
    const before = this.items.get(key) ?? 0;
    await null;
    this.items.set(key, before + n);
    this.total += n;
    return this.total;
  }
  where(): string {
    return new Error('here').stack!.split('\\n')[1]!.trim();
  }
}
`,
    'src/legacy.cts': `class Legacy { hits = 0; async hit() { await null; return ++this.hits; } }
module.exports = { Legacy };
`,
    'src/plain.js': `export async function twice(f) { const a = await f(); const b = await f(); return a + b; }
`,
    'run.ts': `import { createRequire } from 'node:module';
import { Store } from './src/store.ts';
import { twice } from './src/plain.js';
const { Legacy } = createRequire(import.meta.url)('./src/legacy.cts');
const store = new Store();
await store.put('a', 1);
await store.put('a', 2);
const legacy = new Legacy();
console.log(await twice(() => legacy.hit()), store.total, store.where());
`,
  });
  const loaded = loadConfig(root);
  const traceOf = async (env: Record<string, string>) => {
    const run = await runTraced(loaded, { suite: 'integration', env });
    assert.equal(run.passed, true, run.output);
    const files = await traceFiles(run.runDir);
    assert.equal(files.length, 1);
    // The header names the process and its start time; everything after it is the program's.
    const events = readFileSync(files[0], 'utf8').trim().split('\n').slice(1);
    return { events, output: run.output.trim() };
  };
  const off = await traceOf({ [CACHE_ENV]: 'off' });
  assert.equal(existsSync(join(root, '.conlens', 'cache')), false, 'CONLENS_CACHE=off writes nothing');
  const cold = await traceOf({});
  const builds = readdirSync(join(root, '.conlens', 'cache', 'transpile'));
  assert.equal(builds.length, 1, 'one folder for this build');
  const cacheDir = join(root, '.conlens', 'cache', 'transpile', builds[0]);
  const written = readdirSync(cacheDir);
  assert.ok(written.length >= 4, `store.ts, legacy.cts, plain.js and run.ts are cached: ${written.join(', ')}`);
  const warm = await traceOf({});
  assert.deepEqual(readdirSync(cacheDir).sort(), written.sort(), 'a warm run adds nothing');
  assert.match(off.output, /^3 3 at Store\.where \(.*store\.ts:12:\d+\)$/m, 'the stack names the TypeScript line');
  assert.equal(cold.output, off.output);
  assert.equal(warm.output, off.output);
  assert.ok(off.events.some((e) => e.includes('"name":"Store.put"')) && off.events.some((e) => e.includes('"name":"Legacy.hit"')) && off.events.some((e) => e.includes('"name":"twice"')));
  assert.deepEqual(cold.events, off.events);
  assert.deepEqual(warm.events, off.events);
});
