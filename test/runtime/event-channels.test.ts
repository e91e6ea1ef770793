// Emitter events as shared state (issue 30, channels): under the scheduler the program's `emit`
// writes `event:<Class>#<n>:<type>` and its listener registration (`on`, `once`) reads it, so an
// emit that comes before a registration — a lost notification — is an access pattern like any
// other: its W-R pair ranks the function whose registration came late, after an await.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../src/core/config/index.ts';
import { runTraced, traceFiles } from '../../src/core/trace/index.ts';
import { runPatterns } from '../../src/core/localize/schedule-evidence/patterns.ts';
import type { FieldEvent, SiteEvent, TraceEvent } from '../../src/core/runtime/trace-events.ts';
import { tempProject } from '../helpers/temp-project.ts';

const PROJECT = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: ['node', 'test/run.ts'] }, timeoutMs: 20000 }),
  'src/index.ts': `import { EventEmitter } from 'node:events';
export class Indexer extends EventEmitter {
  ready = false;
  build(): void {
    this.ready = true;
    this.emit('ready');
  }
}
export async function waitReady(indexer: Indexer, prepare: () => Promise<void>): Promise<string> {
  await prepare();
  return new Promise((resolve) => {
    indexer.once('ready', () => resolve('heard'));
    setTimeout(() => resolve('missed'), 20);
  });
}`,
  'test/run.ts': `import { Indexer, waitReady } from '../src/index.ts';
const indexer = new Indexer();
const waiting = waitReady(indexer, () => new Promise((resolve) => setTimeout(resolve, 5)));
indexer.build();
console.log('RESULT ' + (await waiting));`,
};

test('emit writes the event, once reads it; the late registration owns the W-R pair', async () => {
  const root = tempProject(PROJECT);
  const run = await runTraced(loadConfig(root), { suite: 'integration', schedule: { strategy: 'random', seed: 1 } });
  assert.equal(run.passed, true, run.output);
  assert.match(run.output, /RESULT missed/);
  const events = traceFiles(run.runDir).flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TraceEvent));
  const sites = new Map<number, SiteEvent>();
  const channel: string[] = [];
  for (const event of events) {
    if (event.e === 'site') sites.set(event.i, event);
    if ((event.e === 'rd' || event.e === 'wr') && (event as FieldEvent).k.startsWith('event:')) {
      const site = sites.get(event.s)!;
      channel.push(`${event.e} ${(event as FieldEvent).k} ${site.file}:${site.line}`);
    }
  }
  assert.deepEqual(channel, ['wr event:Indexer#1:ready src/index.ts:6', 'rd event:Indexer#1:ready src/index.ts:12']);
  const patterns = await runPatterns(run.runDir);
  const lost = patterns.find((p) => p.variable === "the 'ready' event of Indexer");
  assert.ok(lost, JSON.stringify(patterns.map((p) => p.id)));
  assert.equal(lost.ops, 'WR');
  assert.equal(lost.owner, 'waitReady');
  assert.equal(lost.split, true);
});
