// A Map / Set call whose key is an expression evaluating it twice could change (`m.set(cart.id, v)`,
// a template, a call) names its entry too: the transformer passes the key through the recorder's
// `ek` once (`crk` / `mck` → `ek`) instead of leaving the access a whole-collection one (trial 52:
// `rows.set(cart.id, …)` met no read of entry "c1", so a lost update had no access pattern). A key
// with an await or a yield stays unkeyed: its call would wait for the key across a scheduling
// point. Instrumented code must behave as the original on such keys (each evaluated once, in
// order; a key that throws; a key made by another keyed call).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { transpileTypeScript } from '../../src/core/instrument/transpile.ts';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import type { FieldEvent, SiteEvent, TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

const options = { file: 'src/a.ts', fields: true, lockMethods: [], acquireMethods: [] };

test('computed keys go through ek once; plain keys, awaited keys and spreads do not', () => {
  const source = `export class Rows {
  m = new Map<string, number>();
  s = new Set<string>();
  async f(o: { id: string }, k: string, next: () => Promise<string>, args: [string, number]) {
    this.m.set(o.id, 1);
    this.m.get(\`r:\${k}\`);
    this.s.add(k.toUpperCase());
    this.m.delete(k);
    this.m.set(await next(), 2);
    this.m.set(...args);
    this.m.has((() => k)());
  }
}`;
  const out = transpileTypeScript(source, '/p/src/a.ts', 'module', options);
  assert.equal(out.instrumentError, undefined);
  const body = out.code.slice(out.code.indexOf('async f('));
  assert.equal(body.match(/__conlens_rt\.ek\(/g)?.length, 4, body);
  assert.equal(body.match(/__conlens_rt\.(crk|mck)\(/g)?.length, 4, body);
  assert.match(body, /\.set\(__conlens_rt\.ek\(__conlens_rt\.rd\(o, "id"/, 'the key keeps its own field read, inside ek');
  assert.match(body, /__conlens_rt\.mc\([^;]*"delete"[^;]*, k\)\.delete\(k\)/, 'a variable key is evaluated twice as before (no effect)');
  assert.doesNotMatch(body, /ek\(await/, 'an awaited key is never waited for between crk/mck and ek');
  assert.doesNotMatch(body, /ek\(\.\.\./, 'a spread is no key');
});

test('instrumented code evaluates computed keys once, in order, and behaves as the original when a key throws', async () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: ['node', 'test/run.ts'] }, timeoutMs: 20000 }),
    'src/keys.ts': `export const log: string[] = [];
export const m = new Map<string, string>();
const key = (k: string) => (log.push('key ' + k), k);
export function fill(): string[] {
  m.set(key('a'), (log.push('value a'), 'A'));
  m.set(key(m.get(key('a'))!), 'nested');
  try {
    m.set((() => { throw new Error('no key'); })(), 'x');
  } catch (error) {
    log.push((error as Error).message);
  }
  m.set(key('b'), 'B');
  log.push('has A ' + m.has(key('A')));
  return log;
}`,
    'test/run.ts': `import { fill, m } from '../src/keys.ts';
const log = fill();
const expected = ['key a', 'value a', 'key a', 'key A', 'no key', 'key b', 'key A', 'has A true'];
if (JSON.stringify(log) !== JSON.stringify(expected)) throw new Error('order ' + JSON.stringify(log));
if (JSON.stringify([...m]) !== JSON.stringify([['a', 'A'], ['A', 'nested'], ['b', 'B']])) throw new Error('map ' + JSON.stringify([...m]));`,
  });
  const run = await runTraced(loadConfig(root), { suite: 'integration' });
  assert.equal(run.passed, true, run.output);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sites = new Map<number, SiteEvent>();
  const keyed: string[] = [];
  for (const event of events) {
    if (event.e === 'site') sites.set(event.i, event);
    if ((event.e === 'rd' || event.e === 'wr') && (event as FieldEvent).k === '[]') {
      const { e, s, ek } = event as FieldEvent & { ek?: unknown };
      if (sites.get(s)!.name === 'push') continue; // the log's
      keyed.push(`${e} ${sites.get(s)!.name} ${String(ek)} :${sites.get(s)!.line}`);
    }
  }
  // Each access names its entry; the call whose key threw recorded nothing, and the calls after
  // it still record their own keys.
  assert.deepEqual(keyed, ['wr set a :5', 'rd get a :6', 'wr set A :6', 'wr set b :12', 'rd has A :13']);
});
