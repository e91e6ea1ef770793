import * as p from './src/promises.ts';

const show = (label: string, value: unknown) => {
  console.log(label, JSON.stringify(value));
  if (p.ticks.length) console.log('  ticks:', p.ticks.join(' | '));
  p.ticks.length = 0;
};

show('interleave', await p.interleave());
show('chain 0', await p.chain(0));
show('chain 5', await p.chain(5));
show('throwEach', p.throwEach());
show('rejectNonErrors', await p.rejectNonErrors());
show('races', await p.races());
show('asyncCallbacks', await p.asyncCallbacks([3, 1, 2]));
show('thenables', await p.thenables());
show('arrowAsync', await p.arrowAsync(4));
show('finallyOrder', await p.finallyOrder());
show('returnsSubclass', [await p.returnsSubclass(), p.TracedPromise.constructed]);

// Unhandled rejections of non-Errors end the process the same way.
process.on('exit', (code) => console.log('exit code', code));
Promise.reject(404);
