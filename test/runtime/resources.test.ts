// Shared state outside object fields (runtime/resources.ts) and collection reads, recorded in a
// real traced run: the exact rd/wr events, their keys, element keys, values and the user's
// source lines of their sites.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Recorder } from '../../src/core/runtime/recorder.ts';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import type { FieldEvent, SiteEvent, TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

const SOURCES = {
  'src/dirs.ts': `import { mkdir, stat } from 'node:fs/promises';
import * as fs from 'node:fs';
export async function ensureDir(dir: string): Promise<void> {
  try {
    await stat(dir);
  } catch {
    await mkdir(dir);
  }
}
export function clean(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    fs.unlinkSync(dir + "/" + name);
  }
}`,
  // CommonJS: require('fs') and the callback forms.
  'src/notes.cts': `const fs = require('fs');
function saveTwiceThenRead(file: string, done: (text: string) => void): void {
  fs.writeFile(file, 'draft', () => {
    fs.writeFile(file, 'final', () => {
      fs.readFile(file, 'utf8', (_error: unknown, text: string) => done(text));
    });
  });
}
module.exports = { saveTwiceThenRead };`,
  'src/serve.ts': `import { createServer, type Server } from 'node:net';
export function serve(port: number): Promise<Server> {
  const server = createServer();
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}`,
  'src/stock.ts': `export class Stock {
  items = new Map<string, number>([['apple', 3]]);
  taken = 0;
  take(name: string): boolean {
    if (!this.items.has(name)) return false;
    const left = this.items.get(name)!;
    this.items.set(name, left - 1);
    this.taken = left;
    return true;
  }
  restock(item: { name: string }, n: number): void {
    const had = this.items.get(item.name) ?? 0;
    this.items.set(\`\${item.name}\`, had + n);
  }
}
export function second(xs: number[]): number {
  return xs[1];
}`,
  'test/run.ts': `import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clean, ensureDir } from '../src/dirs.ts';
import notes from '../src/notes.cts';
import { serve } from '../src/serve.ts';
import { Stock, second } from '../src/stock.ts';
const root = mkdtempSync(join(tmpdir(), 'conlens-resources-'));
console.log('ROOT ' + root);
await ensureDir(join(root, 'out'));
writeFileSync(join(root, 'out', 'a.txt'), 'a');
clean(join(root, 'out'));
await new Promise((resolve) => notes.saveTwiceThenRead(join(root, 'n.txt'), resolve));
const probe = createServer().listen(0);
await new Promise((resolve) => probe.on('listening', resolve));
const port = probe.address().port;
await new Promise((resolve) => probe.close(resolve));
console.log('PORT ' + port);
(await serve(port)).close();
new Stock().take('apple');
// A computed key is evaluated once (a getter that counts: two reads in restock's source).
const item = { reads: 0, get name() { this.reads++; return 'pear'; } };
new Stock().restock(item, 2);
if (item.reads !== 2) throw new Error('the key was read ' + item.reads + ' times');
second([10, 20, 30]);`,
};

interface Access {
  e: string;
  k: string;
  at: string;
  name?: string;
  v?: unknown;
  ek?: unknown;
}

/** The run's accesses in order: object-0 (resource) accesses and, with `collections`, the reads
 *  and writes of collections (`[]`), each with its site as `file:line` and the site's name. */
async function accessesOf(): Promise<{ resources: Access[]; collections: Access[]; fields: Access[]; root: string; port: number }> {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: ['node', 'test/run.ts'] }, timeoutMs: 20000 }),
    ...SOURCES,
  });
  const run = await runTraced(loadConfig(root), { suite: 'integration' });
  assert.equal(run.passed, true, run.output);
  const scratch = /ROOT (.*)/.exec(run.output)![1];
  const port = Number(/PORT (\d+)/.exec(run.output)![1]);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sites = new Map<number, SiteEvent>();
  const resources: Access[] = [];
  const collections: Access[] = [];
  const fields: Access[] = [];
  for (const event of events) {
    if (event.e === 'site') sites.set(event.i, event);
    if (event.e !== 'rd' && event.e !== 'wr' && event.e !== 'up') continue;
    const { e, k, s, v, ek, obj } = event as FieldEvent;
    const site = sites.get(s)!;
    const access: Access = { e, k: k.replace(scratch, '<tmp>'), at: `${site.file}:${site.line}`, name: site.name };
    if (v !== undefined) access.v = v;
    if (ek !== undefined) access.ek = ek;
    (obj === 0 ? resources : k === '[]' ? collections : fields).push(access);
  }
  return { resources, collections, fields, root: scratch, port };
}

const run = accessesOf();

test('resources: stat then mkdir, readdir then unlink, writeFile twice then readFile, listen', async () => {
  const { resources, port } = await run;
  const fromSrc = resources.filter((a) => a.at.startsWith('src/'));
  assert.deepEqual(fromSrc, [
    { e: 'rd', k: 'file:<tmp>/out', at: 'src/dirs.ts:5', name: 'fs.promises.stat' },
    { e: 'wr', k: 'file:<tmp>/out', at: 'src/dirs.ts:7', name: 'fs.promises.mkdir' },
    { e: 'wr', k: 'dir:<tmp>', at: 'src/dirs.ts:7', name: 'fs.promises.mkdir' },
    { e: 'rd', k: 'dir:<tmp>/out', at: 'src/dirs.ts:11', name: 'fs.readdirSync' },
    { e: 'wr', k: 'file:<tmp>/out/a.txt', at: 'src/dirs.ts:12', name: 'fs.unlinkSync' },
    { e: 'wr', k: 'dir:<tmp>/out', at: 'src/dirs.ts:12', name: 'fs.unlinkSync' },
    { e: 'wr', k: 'file:<tmp>/n.txt', at: 'src/notes.cts:3', name: 'fs.writeFile', v: 5 },
    { e: 'wr', k: 'dir:<tmp>', at: 'src/notes.cts:3', name: 'fs.writeFile' },
    { e: 'wr', k: 'file:<tmp>/n.txt', at: 'src/notes.cts:4', name: 'fs.writeFile', v: 5 },
    { e: 'wr', k: 'dir:<tmp>', at: 'src/notes.cts:4', name: 'fs.writeFile' },
    { e: 'rd', k: 'file:<tmp>/n.txt', at: 'src/notes.cts:5', name: 'fs.readFile' },
    { e: 'wr', k: `port:${port}`, at: 'src/serve.ts:4', name: 'listen' },
  ]);
  // The test's own calls are recorded at its lines (the project's code outside `include`); the
  // probe's listen(0) names no port.
  const fromTest = resources.filter((a) => a.at.startsWith('test/'));
  assert.deepEqual(fromTest.map((a) => `${a.e} ${a.k} ${a.at}`), [
    `wr dir:${tmpdir()} test/run.ts:9`,
    'wr file:<tmp>/out/a.txt test/run.ts:12',
    'wr dir:<tmp>/out test/run.ts:12',
  ]);
});

test('collections: Map has/get as reads of [] with element key and value; set as a write of that entry; a[i]', async () => {
  const { collections, fields } = await run;
  assert.deepEqual(collections.filter((a) => a.at.startsWith('src/stock.ts')), [
    { e: 'rd', k: '[]', at: 'src/stock.ts:5', name: 'has', v: true, ek: 'apple' },
    { e: 'rd', k: '[]', at: 'src/stock.ts:6', name: 'get', v: 3, ek: 'apple' },
    { e: 'wr', k: '[]', at: 'src/stock.ts:7', name: 'set', ek: 'apple' },
    // A computed key (a property, a template) names the entry too, evaluated once (test/run.ts
    // checks its getter ran once per use).
    { e: 'rd', k: '[]', at: 'src/stock.ts:12', name: 'get', v: { $: 'undefined' }, ek: 'pear' },
    { e: 'wr', k: '[]', at: 'src/stock.ts:13', name: 'set', ek: 'pear' },
    { e: 'rd', k: '[]', at: 'src/stock.ts:17', name: '[]', v: 20, ek: 1 },
  ]);
  // Field reads carry the value read, field writes the value written.
  const stock = fields.filter((a) => a.at.startsWith('src/stock.ts'));
  assert.deepEqual(stock.map((a) => [a.e, a.k, a.at]), [
    ['rd', 'items', 'src/stock.ts:5'],
    ['rd', 'items', 'src/stock.ts:6'],
    ['rd', 'items', 'src/stock.ts:7'],
    ['wr', 'taken', 'src/stock.ts:8'],
    // The receiver is read before the key, as JavaScript evaluates them.
    ['rd', 'items', 'src/stock.ts:12'],
    ['rd', 'name', 'src/stock.ts:12'],
    ['rd', 'items', 'src/stock.ts:13'],
    ['rd', 'name', 'src/stock.ts:13'],
  ]);
  assert.equal((stock[0].v as { cls?: string }).cls, 'Map');
  assert.equal(stock[3].v, 3);
});

test('resource accesses reach the controlled scheduler as accesses of object 0 (ATOMFUZZER conflicts)', () => {
  const recorder = new Recorder({ runDir: mkdtempSync(join(tmpdir(), 'conlens-recorder-')), fields: true, depth: 2, locks: [] });
  const seen: unknown[] = [];
  recorder.scheduler = { strategy: { wantsAccesses: true }, accessed: (_act: unknown, write: boolean, obj: number, key: string) => seen.push([write, obj, key]), idleMs: () => 0, loopClock: { now: 0 } } as never;
  const site = recorder.declareSite('src/a.ts', 3, 5, 'write', 'listen');
  recorder.resource('wr', 'port:8080', site);
  recorder.resource('rd', 'file:/x', site);
  assert.deepEqual(seen, [[true, 0, 'port:8080'], [false, 0, 'file:/x']]);
  recorder.close({ reason: 'exit', code: 0 });
});
