// Generators and async generators: yield, yield*, return()/throw() from outside, finally blocks,
// for await over async generators, sync iterables of promises and hand-written async iterators,
// with break / continue / labeled continue / return / throw inside the loop.
export const events: string[] = [];

export function* range(from: number, to: number): Generator<number, string, undefined> {
  try {
    for (let i = from; i < to; i++) yield i;
    return 'range done';
  } finally {
    events.push(`range(${from},${to}) finally`);
  }
}

export function* delegating(): Generator<number | string, number, unknown> {
  const inner = yield* range(0, 2);
  const sent = yield `inner returned ${inner}`;
  events.push(`sent ${String(sent)}`);
  return 7;
}

export function* catcher(): Generator<string, void, unknown> {
  while (true) {
    try {
      yield 'waiting';
    } catch (error) {
      events.push(`caught ${String(error)}`);
      yield 'recovered';
      return;
    }
  }
}

export class Tree {
  constructor(readonly value: number, readonly children: Tree[] = []) {}

  *[Symbol.iterator](): Generator<number> {
    yield this.value;
    for (const child of this.children) yield* child;
  }
}

export async function* ticker(limit: number): AsyncGenerator<number, string, undefined> {
  try {
    for (let i = 0; i < limit; i++) {
      await Promise.resolve();
      yield i;
    }
    return 'ticker done';
  } finally {
    events.push(`ticker(${limit}) finally`);
  }
}

export async function* merge(...sources: AsyncIterable<number>[]): AsyncGenerator<number> {
  for (const source of sources) {
    for await (const value of source) yield value * 10;
  }
}

export async function* rejecting(): AsyncGenerator<number> {
  yield 1;
  throw new TypeError('async generator failed');
}

/** A hand-written async iterator that logs next() and return(). */
export function countdown(from: number): AsyncIterable<number> {
  return {
    [Symbol.asyncIterator]() {
      let n = from;
      return {
        next: async () => {
          events.push(`countdown next ${n}`);
          return n > 0 ? { value: n--, done: false } : { value: undefined, done: true };
        },
        return: async () => {
          events.push('countdown return');
          return { value: undefined, done: true };
        },
      };
    },
  };
}

export async function consume(): Promise<string[]> {
  const out: string[] = [];
  for await (const x of ticker(3)) out.push(`t${x}`);
  for await (const x of [Promise.resolve('a'), 'b', Promise.resolve('c')]) out.push(x);
  for await (const x of merge(ticker(2), countdown(2))) out.push(`m${x}`);
  outer: for (const round of [1, 2]) {
    for await (const x of countdown(3)) {
      if (x === 2) continue outer;
      out.push(`r${round}:${x}`);
    }
  }
  labelled: for await (const x of countdown(4)) {
    if (x === 3) continue labelled;
    if (x === 2) break labelled;
    out.push(`l${x}`);
  }
  for await (const x of countdown(5)) {
    if (x === 4) break;
  }
  try {
    for await (const x of rejecting()) out.push(`rej${x}`);
  } catch (error) {
    out.push(`rejected: ${(error as Error).name}: ${(error as Error).message}`);
  }
  return out;
}

export async function firstOver(limit: number): Promise<number | undefined> {
  for await (const x of countdown(10)) {
    if (x < limit) return x;
  }
  return undefined;
}

export async function throwInLoop(): Promise<void> {
  for await (const x of countdown(3)) {
    if (x === 2) throw new RangeError(`stop at ${x}`);
  }
}

export async function destructuringLoop(): Promise<string> {
  const pairs = async function* () {
    yield [1, 'one'] as const;
    yield [2, 'two'] as const;
  };
  let text = '';
  for await (const [n, word] of pairs()) text += `${n}=${word};`;
  return text;
}
