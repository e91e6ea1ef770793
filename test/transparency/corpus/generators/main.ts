import { events, range, delegating, catcher, Tree, ticker, consume, firstOver, throwInLoop, destructuringLoop } from './src/generators.ts';

const show = (label: string, value: unknown) => {
  console.log(label, JSON.stringify(value), events.length ? `events=${events.join('|')}` : '');
  events.length = 0;
};

show('spread range', [...range(1, 4)]);
const r = range(0, 10);
show('range next', [r.next(), r.next()]);
show('range return', r.return('early'));
show('range after', r.next());

const d = delegating();
show('delegating', [d.next(), d.next(), d.next(), d.next('hello'), d.next()]);

const c = catcher();
show('catcher', [c.next(), c.throw('boom'), c.next()]);
const c2 = catcher();
try {
  c2.throw(new Error('before start'));
} catch (error) {
  show('catcher unstarted throw', (error as Error).message);
}

show('tree', [...new Tree(1, [new Tree(2, [new Tree(3)]), new Tree(4)])]);

const t = ticker(5);
show('ticker manual', [await t.next(), await t.next(), await t.return('stop'), await t.next()]);

show('consume', await consume());
show('firstOver', await firstOver(7));
try {
  await throwInLoop();
} catch (error) {
  show('throwInLoop', `${(error as Error).name}: ${(error as Error).message}`);
}
show('destructuringLoop', await destructuringLoop());
