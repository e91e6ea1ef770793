// Async generators: what next(v) / return(v) / throw(e) deliver, yield and yield*, finally blocks
// that yield and await, for await over generators that reject and over sync iterables of
// promises, return() through break, and one generator shared by two tasks. Every step is logged
// with the microtask tick it happened at, so an extra (or missing) tick in an instrumented run
// shows as a different transcript.
export const log: string[] = [];
let tick = 0;
let ticking = false;

/** Counts microtask ticks while `body` runs: the transcript records when things happened. */
export async function ticked<T>(body: () => Promise<T>): Promise<T> {
  ticking = true;
  const count = async () => {
    while (ticking) {
      tick++;
      await null;
    }
  };
  const counter = count();
  try {
    return await body();
  } finally {
    ticking = false;
    await counter;
  }
}

export const note = (text: string) => log.push(`${tick}:${text}`);

/** Echoes what next(v) sends; a thenable sent in arrives as itself (not awaited). */
export async function* echo(): AsyncGenerator<string, string, unknown> {
  let received: unknown = 'start';
  try {
    for (let i = 0; i < 4; i++) {
      const shown = received !== null && typeof received === 'object' && 'then' in received ? 'a thenable' : String(received);
      received = yield `got ${shown}`;
    }
    return 'echo done';
  } finally {
    note('echo finally');
  }
}

export async function* inner(): AsyncGenerator<number, string> {
  yield 1;
  await null;
  yield 2;
  return 'inner result';
}

/** yield* over an async generator, a sync iterable (its values awaited) and a string. */
export async function* outer(): AsyncGenerator<number | string, number> {
  const result = yield* inner();
  note(`outer got ${result}`);
  yield* [Promise.resolve(10), 20];
  yield* 'ab';
  return 99;
}

/** A finally that yields and awaits: return() from outside runs it to its end. */
export async function* cleanup(): AsyncGenerator<string> {
  try {
    yield 'work 1';
    yield 'work 2';
  } finally {
    note('cleanup starts');
    await Promise.resolve();
    yield 'from finally';
    note('cleanup ends');
  }
}

/** Catches a throw() and goes on; a second throw() leaves it. */
export async function* resilient(): AsyncGenerator<string> {
  for (let round = 1; ; round++) {
    try {
      yield `round ${round}`;
    } catch (error) {
      note(`resilient caught ${String(error)}`);
      if (round >= 2) throw new Error(`gave up after ${String(error)}`);
    }
  }
}

/** Yields, then awaits a rejected promise. */
export async function* failing(): AsyncGenerator<number> {
  try {
    yield 1;
    yield 2;
    await Promise.reject(new RangeError('source broke'));
    yield 3;
  } finally {
    note('failing finally');
  }
}

export async function* counter(limit: number): AsyncGenerator<number> {
  try {
    for (let i = 1; i <= limit; i++) {
      note(`counter yields ${i}`);
      yield i;
    }
  } finally {
    note('counter finally');
  }
}

export async function sumUntil(limit: number): Promise<number> {
  let sum = 0;
  for await (const n of counter(10)) {
    sum += n;
    if (sum >= limit) break;
  }
  note(`sumUntil ${sum}`);
  return sum;
}

export async function firstEven(): Promise<number | undefined> {
  for await (const n of counter(10)) if (n % 2 === 0) return n;
  return undefined;
}

export async function drainFailing(): Promise<string> {
  const seen: number[] = [];
  try {
    for await (const n of failing()) seen.push(n);
    return `no error ${seen.join(',')}`;
  } catch (error) {
    return `${seen.join(',')} then ${(error as Error).name}: ${(error as Error).message}`;
  }
}

/** for await over a sync iterable of promises (and plain values). */
export async function syncOfPromises(): Promise<string[]> {
  const out: string[] = [];
  const values = [Promise.resolve('p1'), 'plain', Promise.resolve().then(() => Promise.resolve('later')), Promise.resolve('p2')];
  for await (const v of values) {
    note(`sync-of-promises ${v}`);
    out.push(v);
  }
  return out;
}

/** A sync iterator whose third value is a rejected promise: the loop throws; whether the sync
 *  iterator's return() runs is Node's business — the instrumented run must agree. */
export async function syncWithRejection(): Promise<string> {
  let closed = false;
  const iterable = {
    [Symbol.iterator]() {
      let i = 0;
      return {
        next: () => {
          i++;
          if (i === 3) return { value: Promise.reject(new TypeError(`value ${i} rejected`)), done: false };
          return i > 4 ? { value: undefined, done: true } : { value: Promise.resolve(i), done: false };
        },
        return: () => {
          closed = true;
          return { value: undefined, done: true };
        },
      };
    },
  };
  const seen: unknown[] = [];
  try {
    for await (const v of iterable) seen.push(v);
    return `finished ${seen.join(',')}`;
  } catch (error) {
    return `${seen.join(',')} then ${(error as Error).message}, closed: ${closed}`;
  }
}

/** One generator, two consumer tasks: who gets which value is the microtask order. */
export async function* jobs(names: string[]): AsyncGenerator<string> {
  for (const name of names) {
    note(`jobs hands out ${name}`);
    yield name;
    await null;
  }
}

export async function worker(label: string, source: AsyncIterable<string>, done: string[]): Promise<number> {
  let count = 0;
  for await (const job of source) {
    note(`${label} works on ${job}`);
    done.push(`${label}:${job}`);
    count++;
    await null;
  }
  return count;
}

/** Two tasks pulling with next() directly, several requests queued at once. */
export async function queuedRequests(): Promise<string[]> {
  const source = jobs(['q1', 'q2', 'q3']);
  const a = source.next();
  const b = source.next();
  const c = source.next();
  const d = source.next();
  const results = await Promise.all([a, b, c, d]);
  return results.map((r) => (r.done ? 'done' : String(r.value)));
}
