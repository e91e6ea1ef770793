import * as n from './src/new-promise.ts';

const show = (label: string, value: unknown) => {
  console.log(label, JSON.stringify(value));
  if (n.log.length) console.log('  log:', n.log.join(' | '));
  n.log.length = 0;
};

show('subclasses', await n.subclasses());
show('throwingExecutors', await n.throwingExecutors());
show('otherForms', await n.otherForms());
show('evaluationOrder', n.evaluationOrder());
show('shadowed', n.shadowed(n.Eager));
show('localClass', n.localClass());
show('proxied', n.proxied());
show('places', await n.places());
show('sleeps', await n.sleeps(3));
show('settlers', await n.settlers());

// A rejection nobody handles ends the process the same way.
process.on('exit', (code) => console.log('exit code', code));
new Promise((_resolve, reject) => reject(new TypeError('unhandled in the end')));
