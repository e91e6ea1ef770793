// Promise chains, microtask / macrotask ordering (await, then, queueMicrotask, nextTick,
// setImmediate; timers only where their order is fixed), Promise.all / race / allSettled / any, thrown non-Errors, async
// arrow callbacks, thenables, Promise subclasses, `return` vs `return await`, async functions
// that never await.
export const ticks: string[] = [];

export class TracedPromise<T> extends Promise<T> {
  static constructed = 0;
  constructor(executor: (resolve: (value: T | PromiseLike<T>) => void, reject: (reason?: unknown) => void) => void) {
    super(executor);
    TracedPromise.constructed++;
    ticks.push(`TracedPromise #${TracedPromise.constructed}`);
  }
}

export async function returnsSubclass(): Promise<number> {
  return TracedPromise.resolve(5) as Promise<number>;
}

export async function a(label: string, n: number): Promise<string> {
  ticks.push(`${label} start`);
  for (let i = 0; i < n; i++) {
    await null;
    ticks.push(`${label} step ${i}`);
  }
  return `${label} done`;
}

export async function neverAwaits(x: number): Promise<number> {
  ticks.push(`neverAwaits ${x}`);
  return x * 2;
}

export async function returnPromise(): Promise<string> {
  return a('inner-return', 1);
}

export async function returnAwait(): Promise<string> {
  return await a('inner-await', 1);
}

export async function interleave(): Promise<string[]> {
  const p1 = a('p1', 3);
  const p2 = a('p2', 2);
  queueMicrotask(() => ticks.push('microtask'));
  process.nextTick(() => ticks.push('nextTick'));
  setImmediate(() => ticks.push('immediate'));
  Promise.resolve().then(() => ticks.push('then 1')).then(() => ticks.push('then 2'));
  const results = await Promise.all([p1, p2, neverAwaits(3), returnPromise(), returnAwait()]);
  ticks.push('all resolved');
  await new Promise((resolve) => setTimeout(resolve, 5));
  return results.map(String);
}

export function chain(start: number): Promise<unknown> {
  return Promise.resolve(start)
    .then((v) => v + 1)
    .then((v) => {
      if (v > 1) throw 'string rejection';
      return v;
    })
    .catch((reason: unknown) => `caught ${typeof reason}: ${String(reason)}`)
    .finally(() => ticks.push('finally ran'))
    .then((v) => [v, start]);
}

const throwers: Record<string, () => never> = {
  string: () => {
    throw 'plain string';
  },
  number: () => {
    throw 42;
  },
  object: () => {
    throw { code: 'E_OBJ', detail: [1, 2] };
  },
  nullish: () => {
    throw null;
  },
  undef: () => {
    throw undefined;
  },
  symbol: () => {
    throw Symbol('sym');
  },
  fn: () => {
    throw function thrownFunction() {};
  },
  bigint: () => {
    throw 10n;
  },
};

export function throwEach(): string[] {
  return Object.entries(throwers).map(([kind, fn]) => {
    try {
      fn();
      return `${kind}: no throw`;
    } catch (value) {
      return `${kind}: ${typeof value} ${typeof value === 'symbol' ? value.toString() : typeof value === 'function' ? value.name : JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
    }
  });
}

export async function rejectNonErrors(): Promise<string[]> {
  const reasons = [
    Promise.reject('async string'),
    (async () => {
      throw 7;
    })(),
    (async () => {
      await null;
      throw { nested: true };
    })(),
    new Promise((_resolve, reject) => reject(undefined)),
  ];
  const settled = await Promise.allSettled(reasons);
  return settled.map((s) => (s.status === 'rejected' ? `rejected ${JSON.stringify(s.reason) ?? String(s.reason)}` : 'fulfilled'));
}

const delay = <T>(ms: number, value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms));

export async function races(): Promise<unknown[]> {
  const fastest = await Promise.race([delay(20, 'slow'), delay(1, 'fast'), a('racer', 2)]);
  const any = await Promise.any([Promise.reject(new Error('no')), delay(2, 'any-ok')]);
  let aggregate = '';
  try {
    await Promise.any([Promise.reject(new Error('x')), Promise.reject('y')]);
  } catch (error) {
    aggregate = `${(error as AggregateError).name}: ${(error as AggregateError).errors.length}`;
  }
  const raceReject = await Promise.race([Promise.reject(new RangeError('first')), delay(1, 'late')]).catch((e: Error) => e.name);
  return [fastest, any, aggregate, raceReject];
}

export async function asyncCallbacks(items: number[]): Promise<number[]> {
  const doubled = await Promise.all(
    items.map(async (x) => {
      await delay((items.length - x) * 15, null);
      ticks.push(`cb ${x}`);
      return x * 2;
    }),
  );
  const sequential: number[] = [];
  await items.reduce(async (previous, x) => {
    await previous;
    sequential.push(x);
  }, Promise.resolve());
  return [...doubled, ...sequential];
}

export async function thenables(): Promise<unknown[]> {
  const thenable = {
    then(resolve: (v: string) => void) {
      ticks.push('thenable.then called');
      resolve('from thenable');
    },
  };
  const value = await thenable;
  const resolved = await Promise.resolve(thenable);
  const awaitedPlain = await 123;
  return [value, resolved, awaitedPlain];
}

export const arrowAsync = async (n: number): Promise<number> => {
  const values = [];
  for (let i = 0; i < n; i++) values.push(await Promise.resolve(i));
  return values.reduce((x, y) => x + y, 0);
};

export async function finallyOrder(): Promise<string[]> {
  const out: string[] = [];
  try {
    try {
      await Promise.reject(new Error('inner'));
    } finally {
      out.push('inner finally');
      await null;
      out.push('after await in finally');
    }
  } catch (error) {
    out.push(`outer caught ${(error as Error).message}`);
    await null;
  } finally {
    out.push('outer finally');
  }
  return out;
}
