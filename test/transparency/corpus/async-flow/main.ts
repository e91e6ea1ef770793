import * as flow from './src/flow.ts';

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value));

const d = await flow.Derived.create();
show('derived', [await d.save('x'), d.log]);
show('positions true', await flow.positions(true));
show('positions false', await flow.positions(false));
show('withArguments', await (flow.withArguments as (...a: unknown[]) => Promise<number>)(1, 2, 3));
const fetched = await Promise.all([flow.service.fetch(1), flow.service.fetch(2)]);
const pages: number[] = [];
for await (const page of flow.service.pages(3)) pages.push(page);
show('service', [fetched, pages, await flow.service.arrowThis()]);
show('feed', await flow.readFeed(new flow.Feed(['f1', 'f2'])));
show('race', await flow.race());
const queue = flow.makeQueue();
await Promise.all([queue.run('a', 3), queue.run('b', 2), queue.run('c', 1)]);
show('queue', [queue.seen, queue.stats()]);
show('errorsAcrossAwaits', await flow.errorsAcrossAwaits());
show('fib', await flow.fib(8));
