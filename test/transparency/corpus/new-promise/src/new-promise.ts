// `new Promise(executor)` in scheduled runs is wrapped (the runtime remembers where the promise
// was made, for a hang's story): the value, its identity, its class and the order of evaluation
// must stay the same. Subclasses, `new (Promise)(…)` and `Reflect.construct(Promise, …)` are left
// as written; a `Promise` that is not the global one (a parameter, a local class, a Proxy) still
// constructs what it constructs.
export const log: string[] = [];

// Made at module level.
let resolveReady!: (value: string) => void;
export const ready = new Promise<string>((resolve) => {
  resolveReady = resolve;
});
resolveReady('ready');

export class Tagged<T> extends Promise<T> {
  tag: string;
  constructor(executor: (resolve: (value: T | PromiseLike<T>) => void, reject: (reason?: unknown) => void) => void) {
    super(executor);
    this.tag = new.target.name;
    log.push(`Tagged constructed (${this.tag})`);
  }
}

export class Plain<T> extends Promise<T> {}

export async function subclasses(): Promise<string[]> {
  const tagged = new Tagged<number>((resolve) => resolve(1));
  const chained = tagged.then((v) => v + 1);
  const plain = new Plain<number>((resolve) => resolve(5));
  return [
    String(tagged instanceof Tagged), tagged.constructor.name, chained.constructor.name, String(await chained),
    String(plain instanceof Plain), Object.getPrototypeOf(plain) === Plain.prototype ? 'Plain.prototype' : 'other', String(await plain),
  ];
}

export async function throwingExecutors(): Promise<string[]> {
  const out: string[] = [];
  const thrown = new Promise<number>(() => {
    throw new RangeError('executor failed');
  });
  try {
    await thrown;
  } catch (error) {
    out.push(`rejected ${(error as Error).name}: ${(error as Error).message}`);
  }
  // A throw after resolve is ignored.
  out.push(`after resolve: ${await new Promise<string>((resolve) => {
    resolve('kept');
    throw new Error('ignored');
  })}`);
  // A throw of a non-Error.
  out.push(`non-error: ${await new Promise((_resolve, reject) => reject(7)).catch((reason: unknown) => typeof reason)}`);
  // No executor, or one that is no function: TypeError at construction, synchronously.
  for (const make of [() => new (Promise as unknown as new () => Promise<void>)(), () => new Promise(5 as unknown as () => void)]) {
    try {
      make();
      out.push('no throw');
    } catch (error) {
      out.push(`${(error as Error).name}: ${(error as Error).message}`);
    }
  }
  return out;
}

export async function otherForms(): Promise<string[]> {
  const parenthesized = new (Promise)<number>((resolve) => resolve(2));
  const reflected = Reflect.construct(Promise, [(resolve: (v: number) => void) => resolve(3)]) as Promise<number>;
  const viaTarget = Reflect.construct(Promise, [(resolve: (v: number) => void) => resolve(4)], Plain) as Promise<number>;
  return [String(await parenthesized), String(await reflected), `${viaTarget.constructor.name} ${await viaTarget}`];
}

export function evaluationOrder(): string[] {
  const order: string[] = [];
  const made = new Promise<number>((order.push('argument'), (resolve) => {
    order.push('executor');
    resolve(1);
  }));
  order.push('after');
  const chain = new Promise<number>((resolve) => resolve(2)).then((v) => v * 2);
  order.push(typeof made.then, typeof chain.then, String(made === made), String(Object.getPrototypeOf(made) === Promise.prototype));
  return order;
}

// A `Promise` that is not the global one.
export function shadowed(Promise: new (executor: (resolve: (v: string) => void) => void) => { value?: string }): string {
  const made = new Promise((resolve) => resolve('shadowed'));
  return `${made.constructor.name} ${made.value}`;
}

export class Eager {
  value: string | undefined;
  constructor(executor: (resolve: (v: string) => void) => void) {
    executor((v) => (this.value = v));
  }
}

export function localClass(): string {
  const Promise = Eager;
  const made = new Promise((resolve) => resolve('local'));
  return `${made instanceof Eager} ${made.value}`;
}

export function proxied(): string[] {
  const seen: string[] = [];
  const Promise = new Proxy(globalThis.Promise, {
    construct(target, args, newTarget) {
      seen.push('construct trap');
      return Reflect.construct(target, args, newTarget);
    },
    get(target, key, receiver) {
      if (typeof key === 'string') seen.push(`get ${key}`);
      return Reflect.get(target, key, receiver);
    },
  });
  const made = new Promise<number>((resolve) => resolve(1));
  seen.push(`instance of the real Promise: ${made instanceof globalThis.Promise}`);
  return seen;
}

export function withDefault(p: Promise<number> = new Promise<number>((resolve) => resolve(9))): Promise<number> {
  return p;
}

class Base {
  constructor(readonly pending: Promise<string>) {}
}

export class BeforeSuper extends Base {
  constructor(label: string) {
    const made = new Promise<string>((resolve) => resolve(label));
    super(made);
  }
}

export class Holder {
  field = new Promise<string>((resolve) => resolve('field'));
  static shared = new Promise<string>((resolve) => resolve('static'));
}

export async function sleeps(n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    out.push(await new Promise<number>((resolve) => setImmediate(() => resolve(i))));
    out.push(await new Promise<number>((resolve) => setTimeout(resolve, 1, i * 10)));
  }
  return out;
}

export function* generated(): Generator<Promise<number>> {
  yield new Promise<number>((resolve) => resolve(11));
  yield new Promise<number>((resolve) => resolve(12));
}

export async function places(): Promise<string[]> {
  const fromGenerator: number[] = [];
  for (const p of generated()) fromGenerator.push(await p);
  return [
    await ready,
    String(await withDefault()),
    await new BeforeSuper('before super').pending,
    await new Holder().field,
    await Holder.shared,
    fromGenerator.join(','),
    String(await [1, 2].map((x) => new Promise<number>((resolve) => resolve(x * 3))).reduce(async (a, b) => (await a) + (await b))),
  ];
}

// Executors written in place hand their resolve and reject to the runtime first (issue 30, promise
// settlement as a channel): what they see of them, and what settling twice does, must not change.
export async function settlers(): Promise<string[]> {
  const out: string[] = [];
  let kept: unknown;
  const first = await new Promise<string>((resolve, reject) => {
    kept = resolve;
    out.push(`lengths ${resolve.length} ${reject.length} names "${resolve.name}" "${reject.name}"`);
    out.push(`typeof ${typeof resolve} same ${resolve === kept}`);
    resolve('one');
    resolve('two');
    reject(new Error('ignored'));
  });
  out.push(`first ${first}`);
  const strict = await new Promise<string>(function (this: unknown, resolve) {
    'use strict';
    out.push(`strict this ${typeof this}`);
    resolve(String(arguments.length));
  });
  out.push(`strict ${strict}`);
  const sloppyArgs = await new Promise<string>(function (resolve, reject) {
    out.push(`arguments same ${arguments[0] === resolve} ${arguments[1] === reject}`);
    resolve('args');
  });
  out.push(`sloppy ${sloppyArgs}`);
  const expression = await new Promise<number>((resolve) => resolve(7));
  out.push(`expression ${expression}`);
  const returned = new Promise<number>((resolve) => (resolve(1), 2));
  out.push(`returned ${await returned}`);
  try {
    await new Promise<never>((_resolve, reject) => reject(new RangeError('rejected in place')));
  } catch (error) {
    out.push(`caught ${(error as Error).name} ${(error as Error).message} top frame ${((error as Error).stack ?? '').split('\n')[1]?.includes('new-promise.ts')}`);
  }
  try {
    await new Promise<never>(() => {
      throw new TypeError('thrown in place');
    });
  } catch (error) {
    out.push(`thrown ${(error as Error).message} frames ${((error as Error).stack ?? '').split('\n').filter((l) => l.includes('register') || l.includes('conlens')).length}`);
  }
  let nested = '';
  const outer = await new Promise<string>((resolve) => {
    const inner = new Promise<string>((resolveInner) => resolveInner('inner'));
    void inner.then((v) => { nested = v; });
    setTimeout(() => resolve('outer'), 1);
  });
  out.push(`nested ${outer} ${nested}`);
  return out;
}
