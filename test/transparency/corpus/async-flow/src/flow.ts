// Awaits in every expression position, `this` and `super` across awaits, async methods of object
// literals and classes, async generator methods, closures shared by concurrent tasks, arguments in
// async functions, awaits inside try/catch/finally and switch, a check-then-act race between two
// tasks (its plain interleaving must be kept), and recursion.
const tick = <T>(value: T): Promise<T> => new Promise((resolve) => setImmediate(() => resolve(value)));

export class Base {
  log: string[] = [];
  async save(item: string): Promise<string> {
    await tick(null);
    this.log.push(`base saved ${item}`);
    return `saved:${item}`;
  }
  get kind(): string {
    return 'base';
  }
}

export class Derived extends Base {
  override async save(item: string): Promise<string> {
    const before = super.kind;
    const result = await super.save(item.toUpperCase());
    const again = await (async () => super.save(`${item}-arrow`))();
    this.log.push(`derived ${before} ${result} ${again}`);
    return result;
  }

  static async create(): Promise<Derived> {
    const d = new this();
    await d.save('init');
    return d;
  }
}

export async function positions(flag: boolean): Promise<unknown[]> {
  const values = [await tick(1), await tick(2)];
  const text = `a${await tick('b')}c${await tick('d')}`;
  const conditional = flag ? await tick('yes') : await tick('no');
  const logical = (await tick(0)) || (await tick('fallback'));
  const shortCircuit = flag || (await tick('never'));
  const object = { [await tick('key')]: await tick('value') };
  const args = Math.max(await tick(3), await tick(7));
  let loop = 0;
  for (let i = await tick(0); i < (await tick(3)); i += await tick(1)) loop += i;
  let switched = '';
  switch (await tick(flag ? 'a' : 'b')) {
    case await tick('a'):
      switched = 'case a';
      break;
    default:
      switched = 'default';
  }
  const nested = await tick(await tick(await tick('deep')));
  const unary = typeof (await tick(1)) + !(await tick(false));
  return [values, text, conditional, logical, shortCircuit, object, args, loop, switched, nested, unary];
}

export async function withArguments(..._rest: unknown[]): Promise<number> {
  const count = arguments.length;
  await tick(null);
  return count + arguments.length;
}

export const service = {
  name: 'svc',
  calls: 0,
  async fetch(id: number): Promise<string> {
    this.calls++;
    const value = await tick(id * 2);
    return `${this.name}:${value}:${this.calls}`;
  },
  async *pages(n: number): AsyncGenerator<number> {
    for (let i = 0; i < n; i++) yield await tick(i);
  },
  arrowThis: async () => {
    await tick(null);
    return typeof this;
  },
};

export class Feed {
  constructor(private readonly items: string[]) {}
  async *[Symbol.asyncIterator](): AsyncGenerator<string> {
    for (const item of this.items) {
      await tick(null);
      yield item;
    }
  }
}

export async function readFeed(feed: Feed): Promise<string[]> {
  const out: string[] = [];
  for await (const item of feed) out.push(item);
  return out;
}

/** A check-then-act across an await: two concurrent withdrawals both pass the check. */
export class Account {
  balance = 100;
  async withdraw(amount: number): Promise<boolean> {
    if (this.balance >= amount) {
      await tick(null);
      this.balance -= amount;
      return true;
    }
    return false;
  }
}

export async function race(): Promise<unknown[]> {
  const account = new Account();
  const results = await Promise.all([account.withdraw(70), account.withdraw(70)]);
  return [results, account.balance];
}

export function makeQueue() {
  const seen: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const run = async (name: string, steps: number) => {
    running++;
    maxRunning = Math.max(maxRunning, running);
    for (let i = 0; i < steps; i++) {
      seen.push(`${name}${i}`);
      await tick(null);
    }
    running--;
  };
  return { seen, run, stats: () => ({ running, maxRunning }) };
}

export async function errorsAcrossAwaits(): Promise<string[]> {
  const out: string[] = [];
  try {
    await tick(null);
    try {
      await Promise.reject(new SyntaxError('inner'));
    } catch (error) {
      out.push(`caught ${(error as Error).name}`);
      await tick(null);
      throw new EvalError('rethrown');
    } finally {
      out.push('inner finally');
      await tick(null);
    }
  } catch (error) {
    out.push(`outer ${(error as Error).name}: ${(error as Error).message}`);
  }
  const settled = await Promise.allSettled([
    (async () => {
      await tick(null);
      throw new URIError('task failed');
    })(),
  ]);
  out.push(settled[0].status);
  return out;
}

export async function fib(n: number): Promise<number> {
  if (n < 2) return n;
  const [a, b] = await Promise.all([fib(n - 1), fib(n - 2)]);
  return a + b;
}
