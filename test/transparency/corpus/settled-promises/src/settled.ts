// Promise.resolve / Promise.reject in the program's own code (scheduled runs remember the
// promises they make settled): the calls must behave exactly as written — the argument evaluated
// once, a `then` getter read as often as Promise.resolve reads it, a promise handed back as it is,
// a local `Promise` called as the local — and two tasks that interleave at `await
// Promise.resolve()` must interleave as Node's microtask queue runs them.
export const log: string[] = [];

export async function values(): Promise<unknown[]> {
  let evaluated = 0;
  const next = () => ++evaluated;
  const a = await Promise.resolve(next());
  const b = await Promise.resolve({ row: 1 });
  const c = await Promise.resolve();
  const d = await Promise.resolve(null);
  const e = await Promise.resolve([1, 2]);
  return [a, b, c, d, e, evaluated];
}

export async function thenables(): Promise<unknown[]> {
  let reads = 0;
  const getter = {
    get then() {
      reads++;
      return undefined;
    },
  };
  // Read once by Promise.resolve and never again by the await: under the scheduler the await's
  // gate must not be resolved with the value itself, which would read `then` once more.
  const viaGetter = Promise.resolve(getter);
  const readsByResolve = reads;
  const gotGetter = (await viaGetter) === getter;
  const readsAfterAwait = reads;
  // An object whose `then` became a function after its promise was fulfilled with it: the await
  // gives the object, nothing calls its `then`.
  const late: { then?: unknown; called?: boolean } = {};
  const fulfilledLate = Promise.resolve(late);
  late.then = () => {
    late.called = true;
  };
  const gotLate = (await fulfilledLate) === late && late.called === undefined;
  const thenable = { then: (resolve: (v: string) => void) => resolve('from then') };
  const fromThen = await Promise.resolve(thenable);
  const inherited = Object.create({ then: (resolve: (v: string) => void) => resolve('inherited then') });
  const fromInherited = await Promise.resolve(inherited);
  const trapped: string[] = [];
  const proxy = new Proxy({}, {
    get(target, key) {
      trapped.push(String(key));
      return Reflect.get(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      trapped.push(`descriptor ${String(key)}`);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
  const proxied = Promise.resolve(proxy);
  const fromProxy = await proxied;
  return [gotGetter, readsByResolve, readsAfterAwait, gotLate, fromThen, fromInherited, fromProxy === proxy, trapped];
}

export function identity(): boolean[] {
  const p = new Promise<number>((resolve) => resolve(1));
  const q = Promise.resolve(p);
  class Sub<T> extends Promise<T> {}
  const s = Sub.resolve(2);
  return [q === p, s instanceof Sub, Promise.resolve(s) === s];
}

export async function rejections(): Promise<string[]> {
  const out: string[] = [];
  try {
    await Promise.reject(new Error('rejected'));
  } catch (error) {
    out.push((error as Error).message);
  }
  const r = Promise.reject('plain value');
  await r.catch((v: unknown) => out.push(`caught ${String(v)}`));
  return out;
}

export function shadowed(): unknown[] {
  const seen: unknown[] = [];
  const Promise = {
    resolve(this: unknown, v?: unknown) {
      seen.push(this === Promise ? 'this is the local' : 'other this', v);
      return 'local resolve';
    },
    reject(this: unknown, v: unknown) {
      seen.push('local reject', v);
      return 'local reject';
    },
  };
  return [Promise.resolve(5), Promise.resolve(), Promise.reject(6), seen];
}

export async function notMatched(): Promise<unknown[]> {
  const args = [7];
  const spread = await Promise.resolve(...(args as [number]));
  const optional = await Promise?.resolve(8);
  const viaCall = await Promise.resolve.call(Promise, 9);
  const two = await (Promise.resolve as (a: number, b: number) => Promise<number>)(10, 11).catch((e: Error) => e.constructor.name);
  return [spread, optional, viaCall, two];
}

export async function interleaved(): Promise<string[]> {
  const order: string[] = [];
  // Through a function of the program's (a result handed on): no scheduling point. An `await
  // Promise.resolve()` written as such stays one (a yield point), which this scheduled entry
  // leaves out: its order is the scheduler's to choose.
  const settled = <T>(value?: T) => (value === undefined ? Promise.resolve() : Promise.resolve(value));
  const task = async (name: string) => {
    order.push(`${name} 1`);
    await settled();
    order.push(`${name} 2`);
    await settled(name);
    order.push(`${name} 3`);
  };
  await Promise.all([task('a'), task('b'), task('c')]);
  return order;
}

export class Permits {
  private available: number;
  private readonly waiters: Array<() => void> = [];
  running = 0;
  peak = 0;
  constructor(permits: number) {
    this.available = permits;
  }
  acquire(): Promise<void> {
    if (this.available > 0) {
      this.available--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  async use(ms: number): Promise<void> {
    await this.acquire();
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    this.running--;
    const next = this.waiters.shift();
    if (next) next();
    else this.available++;
  }
}
