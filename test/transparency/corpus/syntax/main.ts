import * as s from './src/syntax.ts';

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value, (_k, v) => (v === undefined ? '<undefined>' : v)));

show('optional full', s.optional({ value: 1, next: { value: 2, next: null, meta: null }, meta: { tags: ['t'], describe: () => 'desc' } }));
show('optional empty', s.optional({ value: 3 }));
show('optional null', (() => { try { return s.optional(null); } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; } })());
show('optional undefined', (() => { try { return s.optional(undefined); } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; } })());
show('chainCalls', [s.chainCalls({ items: [1, 2] }), s.chainCalls(undefined), s.chainCalls({})]);
show('destructure', s.destructure({ a: 1, rest: [4, 5, 6], deep: { x: 3 } }));
show('params', [s.params({ a: 1 }), s.params({ a: 2, b: 3 }, [4], 'x', 'y')]);
show('defaults', [s.defaults(1), s.defaults(1, 2), s.defaults(1, undefined, 3, 4)]);
show('variadic', [(s.variadic as unknown as (...a: number[]) => string)(1, 2, 3)]);
show('labeled', s.labeled([[1, 0, 2], [-1, 5], [3, 200, 4], [9]]));
const counter = s.makeCounter(5);
show('counter', [counter.inc(), counter.inc(), counter.dec(), counter.current]);
show('closuresInLoops', s.closuresInLoops());
const g = new s.Greeter();
show('greeter', [g.greetAll(), await g.delayed(), g.nested(), g.unbound()]);
show('assignments', [s.assignments({ n: null, s: '', count: 1, flag: true }), s.assignments({ n: 0, s: 'x', count: 0, list: [1] })]);
show('misc', s.misc());
show('iterateInto', s.iterateInto());
show('target', s.target);
