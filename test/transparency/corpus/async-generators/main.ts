// Every scenario inside ticked(): each logged step carries its microtask tick, so the
// instrumented run must take exactly the ticks the plain run takes.
import { cleanup, drainFailing, echo, firstEven, jobs, log, outer, queuedRequests, resilient, sumUntil, syncOfPromises, syncWithRejection, ticked, worker } from './src/agen.ts';

const show = (label: string, value: unknown) => {
  console.log(label, JSON.stringify(value));
  if (log.length) console.log('  log', log.join(' | '));
  log.length = 0;
};
const settle = async <T>(p: Promise<T>) => {
  try {
    return { ok: await p };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
};

await ticked(async () => {
  const e = echo();
  show('echo', [await e.next('ignored'), await e.next('hello'), await e.next(Promise.resolve('p')), await e.return(Promise.resolve('stopped')), await e.next()]);

  const o = outer();
  const items: unknown[] = [];
  for (let r = await o.next(); ; r = await o.next()) {
    items.push(r.value);
    if (r.done) break;
  }
  show('outer', items);

  const c = cleanup();
  show('cleanup', [await c.next(), await c.return('early'), await c.next(), await c.next()]);

  const r = resilient();
  show('resilient', [await r.next(), await settle(r.throw('first')), await settle(r.throw('second')), await r.next()]);
  const unstarted = resilient();
  show('resilient unstarted throw', [await settle(unstarted.throw(new Error('too early'))), await unstarted.next()]);

  show('sumUntil', await sumUntil(6));
  show('firstEven', await firstEven());
  show('drainFailing', await drainFailing());
  show('syncOfPromises', await syncOfPromises());
  show('syncWithRejection', await syncWithRejection());

  const shared = jobs(['j1', 'j2', 'j3', 'j4', 'j5']);
  const done: string[] = [];
  const counts = await Promise.all([worker('A', shared, done), worker('B', shared, done)]);
  show('shared generator', { counts, done });
  show('queued requests', await queuedRequests());
});
