// The same scenarios, printed so that the transcript does not depend on how tasks interleave:
// no tick counts, the two workers' share of the jobs sorted. Also run under the controlled
// scheduler (corpus.json "scheduled"), where yields and for await iterations are scheduling points.
import { cleanup, drainFailing, echo, firstEven, jobs, log, outer, queuedRequests, resilient, sumUntil, syncOfPromises, syncWithRejection, worker } from './src/agen.ts';

const show = (label: string, value: unknown) => {
  console.log(label, JSON.stringify(value));
  if (log.length) console.log('  log', log.map((line) => line.replace(/^\d+:/, '')).join(' | '));
  log.length = 0;
};
const settle = async <T>(p: Promise<T>) => {
  try {
    return { ok: await p };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};

const e = echo();
show('echo', [await e.next('ignored'), await e.next('hello'), await e.next(Promise.resolve('p')), await e.return(Promise.resolve('stopped')), await e.next()]);

const items: unknown[] = [];
for await (const item of outer()) items.push(item);
show('outer', items);

const c = cleanup();
show('cleanup', [await c.next(), await c.return('early'), await c.next(), await c.next()]);

const r = resilient();
show('resilient', [await r.next(), await settle(r.throw('first')), await settle(r.throw('second')), await r.next()]);

show('sumUntil', await sumUntil(6));
show('firstEven', await firstEven());
show('drainFailing', await drainFailing());
show('syncOfPromises', await syncOfPromises());
show('syncWithRejection', await syncWithRejection());

const shared = jobs(['j1', 'j2', 'j3', 'j4', 'j5']);
const done: string[] = [];
const counts = await Promise.all([worker('A', shared, done), worker('B', shared, done)]);
log.length = 0;
show('shared generator', { total: counts[0] + counts[1], jobs: done.map((d) => d.slice(2)).sort() });
show('queued requests', await queuedRequests());
