import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeProject, type StaticAnalysis } from '../../src/core/static/index.ts';
import { tempProject } from '../helpers/temp-project.ts';

function analyze(files: Record<string, string>, options: { roots?: string[]; atomic?: string[] } = {}): StaticAnalysis {
  const root = tempProject(files);
  return analyzeProject(root, { include: ['src/**'], ...options });
}

const names = (analysis: StaticAnalysis) => new Map(analysis.nodes.map((n) => [n.id, n.name]));
function edgeNames(analysis: StaticAnalysis): string[] {
  const byId = names(analysis);
  return analysis.edges.map((e) => `${byId.get(e.from)} -> ${byId.get(e.to)}`).sort();
}

test('004 Fig. 4: a call through interface A reaches C.doAppend, not A.doAppend (IV-C improvement)', () => {
  const analysis = analyze({
    'src/fig4.ts': `export interface A { doAppend(): void; }
export abstract class B implements A { abstract doAppend(): void; }
export class C extends B { doAppend(): void { console.log('C'); } }
export function doAll(): void {
  const c = new C();
  const a: A = c;
  a.doAppend();
}
export function main(): void { doAll(); }`,
  });
  assert.deepEqual(edgeNames(analysis), ['doAll -> C.doAppend', 'main -> doAll']);
  const edge = analysis.edges.find((e) => e.to === 'src/fig4.ts#C.doAppend')!;
  assert.equal(edge.declaredTarget, 'src/fig4.ts#A.doAppend');
  assert.deepEqual(edge.sites, [7]);
  assert.equal(analysis.stats.dispatched, 1);
  assert.deepEqual(analysis.roots, ['src/fig4.ts#main']);
  assert.deepEqual(analysis.depth, { 'src/fig4.ts#main': 0, 'src/fig4.ts#doAll': 1, 'src/fig4.ts#C.doAppend': 2 });
});

test('a call to an overridden method can run the base or any override', () => {
  const analysis = analyze({
    'src/a.ts': `export class Base { run(): number { return 1; } }
export class Left extends Base { override run(): number { return 2; } }
export class Right extends Base { }
export class Deep extends Left { override run(): number { return 3; } }
export function use(b: Base, l: Left): number { return b.run() + l.run(); }`,
  });
  assert.deepEqual(edgeNames(analysis), [
    'use -> Base.run',
    'use -> Deep.run',
    'use -> Deep.run',
    'use -> Left.run',
    'use -> Left.run',
  ].filter((v, i, a) => a.indexOf(v) === i));
});

test('an interface implemented only by an object literal falls back to the language service', () => {
  const analysis = analyze({
    'src/a.ts': `export interface Sink { write(s: string): void; }
export const consoleSink: Sink = { write(s: string) { console.log(s); } };
export function log(sink: Sink): void { sink.write('x'); }`,
  });
  assert.deepEqual(edgeNames(analysis), ['log -> consoleSink.write']);
  assert.equal(analysis.edges[0].declaredTarget, 'src/a.ts#Sink.write');
});

test('function inventory: ids, display names, kinds, lines, async and @atomic', () => {
  const analysis = analyze(
    {
      'src/shop/cart.ts': `export class Cart {
  private items: string[] = [];
  onChange = (n: number) => n + 1;
  constructor(readonly owner: string) {}
  get size(): number { return this.items.length; }
  set size(n: number) { this.items.length = n; }
  /** @atomic */
  async add(item: string): Promise<void> { this.items.push(item); }
  static create(): Cart { return new Cart('x'); }
}
export function total(): number { return 0; }
/** Checks then acts.
 * @atomic
 */
export const checkout = async (cart: Cart) => { await cart.add('x'); };
export const api = { ping() { return 1; }, nested: { pong: () => 2 } };
const handler = function () { return 3; };
export default function () { return handler(); }`,
    },
    { atomic: ['total'] },
  );
  const byName = new Map(analysis.nodes.map((n) => [n.name, n]));
  assert.deepEqual([...byName.keys()].sort(), [
    'Cart.add',
    'Cart.constructor',
    'Cart.create',
    'Cart.get size',
    'Cart.onChange',
    'Cart.set size',
    'api.nested.pong',
    'api.ping',
    'checkout',
    'default',
    'handler',
    'total',
  ]);
  assert.deepEqual(byName.get('Cart.add'), {
    id: 'src/shop/cart.ts#Cart.add',
    name: 'Cart.add',
    file: 'src/shop/cart.ts',
    line: 8,
    endLine: 8,
    kind: 'method',
    async: true,
    atomic: true,
  });
  assert.equal(byName.get('checkout')?.atomic, true);
  assert.equal(byName.get('checkout')?.async, true);
  assert.equal(byName.get('checkout')?.kind, 'arrow');
  assert.equal(byName.get('total')?.atomic, true, 'config atomic');
  assert.equal(byName.get('Cart.create')?.atomic, false);
  assert.equal(byName.get('Cart.get size')?.kind, 'getter');
  assert.equal(byName.get('api.ping')?.kind, 'object-method');
  assert.equal(byName.get('Cart.constructor')?.kind, 'constructor');
});

test('calls: this.m(), super.m(), parameters, fields, inline callbacks, awaited calls, new', () => {
  const analysis = analyze({
    'src/a.ts': `export class Store {
  save(): void {}
  load(): number { return 1; }
}
export class Base { hello(): string { return 'hi'; } }
export class Service extends Base {
  private store = new Store();
  constructor(private readonly other: Store) { super(); }
  override hello(): string { return super.hello() + '!'; }
  async run(items: number[], extra: Store): Promise<void> {
    this.store.save();
    extra.load();
    items.forEach(() => this.other.load());
    await this.step();
    const helper = function inner() { return 1; };
    helper();
  }
  async step(): Promise<void> {}
}
export function make(): Service { return new Service(new Store()); }`,
  });
  assert.deepEqual(edgeNames(analysis), [
    'Service.hello -> Base.hello',
    'Service.run -> Service.run.helper',
    'Service.run -> Service.step',
    'Service.run -> Store.load',
    'Service.run -> Store.save',
    'make -> Service.constructor',
  ]);
  const load = analysis.edges.find((e) => e.to === 'src/a.ts#Store.load')!;
  assert.deepEqual(load.sites, [12, 13]);
});

test('roots: the configured ones, else functions nobody calls; depth is the shortest distance', () => {
  const files = {
    'src/a.ts': `export function main() { a(); b(); }
export function a() { c(); }
export function b() { a(); c(); d(); }
export function c() { c(); }
export function d() {}
export function orphan() {}`,
  };
  const auto = analyze(files);
  assert.deepEqual(auto.roots.sort(), ['src/a.ts#main', 'src/a.ts#orphan']);
  assert.deepEqual(auto.depth, { 'src/a.ts#main': 0, 'src/a.ts#orphan': 0, 'src/a.ts#a': 1, 'src/a.ts#b': 1, 'src/a.ts#c': 2, 'src/a.ts#d': 2 });
  const configured = analyze(files, { roots: ['b', 'nope'] });
  assert.deepEqual(configured.roots, ['src/a.ts#b']);
  assert.deepEqual(configured.depth, { 'src/a.ts#b': 0, 'src/a.ts#a': 1, 'src/a.ts#c': 1, 'src/a.ts#d': 1 });
  assert.ok(configured.diagnostics.some((d) => d.message === 'configured root "nope" is not a function in scope'));
});

test('004 eq. (6) order facts: consecutive awaited or synchronous calls, not fire-and-forget ones', () => {
  const analysis = analyze({
    'src/a.ts': `export async function a() {}
export async function b() {}
export function s() {}
export async function flow() {
  await a();
  await b();
  const x = s();
  void x;
  a();
  b();
}`,
  });
  const byId = names(analysis);
  assert.deepEqual(
    analysis.calledAfter.map((f) => `${byId.get(f.before)} -> ${byId.get(f.after)} in ${byId.get(f.in)}:${f.line}`),
    ['a -> b in flow:6', 'b -> s in flow:7'],
  );
});

test('the running example keeps 004 Fig. 3 depths: run 0, func1 1, func3 2', () => {
  const analysis = analyze(
    {
      'src/sa.ts': `export class SA {
  xx = 1; z = 0;
  async run(): Promise<void> { await this.func1(); await this.func2(); }
  async func1(): Promise<void> { this.xx = this.z + 1; }
  async func2(): Promise<void> { if (this.xx > 0) await this.func3(); else await this.func4(); }
  async func3(): Promise<void> { this.z++; }
  async func4(): Promise<void> {}
}`,
    },
    { roots: ['SA.run'] },
  );
  const depthByName = Object.fromEntries(analysis.nodes.map((n) => [n.name, analysis.depth[n.id]]));
  assert.deepEqual(depthByName, { 'SA.run': 0, 'SA.func1': 1, 'SA.func2': 1, 'SA.func3': 2, 'SA.func4': 2 });
});

test('bad input: a file that does not compile still yields a graph, with its diagnostics', () => {
  const analysis = analyze({
    'src/good.ts': "import { broken } from './broken.ts';\nexport function ok() { broken(); }",
    'src/broken.ts': 'export function broken() { return 1 +; }\nexport function alsoFine() { broken(); }',
  });
  assert.deepEqual(edgeNames(analysis), ['alsoFine -> broken', 'ok -> broken']);
  assert.equal(analysis.diagnostics.length, 1);
  assert.equal(analysis.diagnostics[0].file, 'src/broken.ts');
  assert.equal(analysis.diagnostics[0].line, 1);
  assert.match(analysis.diagnostics[0].message, /Expression expected/);
});

test('type errors are listed only on request', () => {
  const root = tempProject({ 'src/a.ts': 'export const n: number = "x";\nexport function f() {}' });
  assert.equal(analyzeProject(root, { include: ['src/**'] }).diagnostics.length, 0);
  const withTypes = analyzeProject(root, { include: ['src/**'], typeErrors: true });
  assert.equal(withTypes.diagnostics.length, 1);
  assert.match(withTypes.diagnostics[0].message, /not assignable to type 'number'/);
});

test('a tsconfig.json is used when present; include still limits the scope', () => {
  const root = tempProject({
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext' }, include: ['lib/**/*', 'src/**/*'] }),
    'lib/x.ts': 'export function x() {}',
    'src/y.ts': "import { x } from '../lib/x.js'; export function y() { x(); }",
  });
  const analysis = analyzeProject(root, { include: ['src/**'] });
  assert.deepEqual(analysis.nodes.map((n) => n.id), ['src/y.ts#y']);
  assert.equal(analysis.stats.resolved, 1);
  assert.equal(analysis.edges.length, 0, 'lib/ is out of scope');
});

test('an empty project gives an empty graph', () => {
  const analysis = analyze({ 'README.md': 'nothing here' });
  assert.deepEqual([analysis.nodes, analysis.edges, analysis.roots, analysis.classes], [[], [], [], []]);
  assert.equal(analysis.stats.files, 0);
});

test('a promise executor\'s resolve kept in an object literal implements an interface method, but calling it runs no function of ours (fahunt: "called from ConnectionPool.close")', () => {
  const analysis = analyze({
    'src/pool.ts': `interface Waiter { resolve(n: number): void; reject(e: unknown): void; }
export class Pool {
  private waiters: Waiter[] = [];
  async acquire(): Promise<number> {
    return new Promise<number>((resolve, reject) => this.waiters.push({ resolve, reject }));
  }
  release(n: number): void { this.waiters.shift()?.resolve(n); }
  close(): void { for (const w of this.waiters.splice(0)) w.reject(new Error('closed')); }
}`,
  });
  assert.deepEqual(edgeNames(analysis), []);
});

test('an interface method implemented by a named function, an inline arrow or a shorthand of a function is reached', () => {
  const analysis = analyze({
    'src/a.ts': `interface Sink { write(s: string): void; flush(): void; close(): void; }
function flushAll(): void { console.log('flush'); }
const closeAll = () => { console.log('close'); };
export function makeSink(): Sink {
  return { write: (s: string) => { console.log(s); }, flush: flushAll, close: closeAll };
}
export function use(sink: Sink): void { sink.write('x'); sink.flush(); sink.close(); }`,
  });
  const edges = edgeNames(analysis);
  assert.ok(edges.includes('use -> flushAll'), edges.join(', '));
  assert.ok(edges.includes('use -> closeAll'), edges.join(', '));
  assert.ok(edges.some((e) => e.startsWith('use -> makeSink')), edges.join(', '));
});
