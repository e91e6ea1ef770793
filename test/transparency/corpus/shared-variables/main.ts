import * as s from './src/shared.ts';

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value, (_k, v) => (v === undefined ? '<undefined>' : v)));

show('beforeInit', [s.early, s.beforeInit()]);
const [a, b] = await Promise.all([s.getLazy(), s.getLazy()]);
show('lazy', [a, b, a === b]);
show('bump', [s.bump(), s.bump(2), s.exported]);
show('shadowing', s.shadowing(42));
const store = s.makeStore(10);
const other = s.makeStore(100);
show('store', [await Promise.all([store.save(1), store.save(2)]), store.read(), other.read()]);
show('hoisted', s.hoisted());
show('shorthand', s.shorthand());
show('destructuringTargets', s.destructuringTargets());
show('withDefault', s.withDefault());
show('named', s.named(3));
show('countTo', [...s.countTo(12)]);
show('initialize', s.initialize());
show('exported live', s.exported);
