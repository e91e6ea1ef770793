// Map / Set / Array mutations (return values included), look-alike user classes with methods
// named like mutators, frozen and sealed collections, typed arrays, array-likes, WeakMap/WeakSet,
// subclasses of the built-ins, and getters that throw inside collection callbacks.
export class Inventory {
  items = new Map<string, number>();
  tags = new Set<string>();
  history: string[] = [];

  add(name: string, count = 1): number {
    const next = (this.items.get(name) ?? 0) + count;
    this.items.set(name, next);
    this.tags.add(name[0]);
    this.history.push(`add ${name}`);
    return next;
  }

  remove(name: string): boolean {
    const removed = this.items.delete(name);
    if (removed) this.history.unshift(`remove ${name}`);
    return removed;
  }

  reset(): number {
    const size = this.items.size;
    this.items.clear();
    this.tags.clear();
    this.history.splice(0, this.history.length, 'reset');
    return size;
  }
}

export function arrayOps(): unknown[] {
  const list = [5, 1, 4];
  const pushed = list.push(9, 2);
  const popped = list.pop();
  const shifted = list.shift();
  const unshifted = list.unshift(0);
  const spliced = list.splice(1, 1, 7, 8);
  const sorted = list.sort((x, y) => x - y) === list;
  const reversed = list.reverse().join(',');
  const filled = new Array(3).fill(1).fill(2, 1);
  const copied = [1, 2, 3, 4, 5].copyWithin(0, 3);
  return [pushed, popped, shifted, unshifted, spliced, sorted, reversed, filled, copied, list];
}

export function mapSetOps(): unknown[] {
  const map = new Map<unknown, string>([[1, 'one']]);
  const setResult = map.set(2, 'two') === map;
  const deleted = [map.delete(1), map.delete(99)];
  const set = new Set([1, 2]);
  const addResult = set.add(3) === set;
  const setDeleted = set.delete(2);
  const weak = new WeakMap<object, number>();
  const key = {};
  weak.set(key, 1);
  const weakSet = new WeakSet<object>();
  weakSet.add(key);
  const weakDeleted = weak.delete(key);
  return [setResult, deleted, [...map], addResult, setDeleted, [...set], weakSet.has(key), weakDeleted];
}

/** User classes whose methods are named like the built-in mutators. */
export class Calendar {
  entries: string[] = [];
  set(day: string, what: string): string {
    this.entries.push(`${day}:${what}`);
    return 'set!';
  }
  add(what: string): this {
    this.entries.push(what);
    return this;
  }
  clear(): number {
    const n = this.entries.length;
    this.entries = [];
    return n;
  }
  push = (x: string): number => this.entries.push(x);
}

export function lookAlikes(): unknown[] {
  const c = new Calendar();
  return [c.set('mon', 'gym'), c.add('x').add('y').entries.length, c.push('z'), c.clear(), c.entries];
}

export function frozenCollections(): string[] {
  const out: string[] = [];
  const frozen = Object.freeze([1, 2]);
  const attempts: [string, () => unknown][] = [
    ['push', () => (frozen as number[]).push(3)],
    ['sort', () => (frozen as number[]).sort()],
    ['index write', () => ((frozen as number[])[0] = 9)],
    ['sealed push', () => Object.seal([1]).push(2)],
    ['frozen map set', () => Object.freeze(new Map()).set(1, 1).size],
  ];
  for (const [label, attempt] of attempts) {
    try {
      out.push(`${label}: ok ${String(attempt())}`);
    } catch (error) {
      out.push(`${label}: ${(error as Error).name}: ${(error as Error).message}`);
    }
  }
  return out;
}

export function typedAndArrayLike(): unknown[] {
  const bytes = new Uint8Array(4);
  bytes.set([1, 2], 1);
  bytes.fill(7, 3);
  const sorted = new Int16Array([3, -1, 2]).sort().join(',');
  const arrayLike = { length: 2, 0: 'a', 1: 'b' };
  const pushedLike = Array.prototype.push.call(arrayLike, 'c');
  return [Array.from(bytes), sorted, pushedLike, arrayLike];
}

export class Stack<T> extends Array<T> {
  pushes = 0;
  override push(...items: T[]): number {
    this.pushes += items.length;
    return super.push(...items);
  }
  peek(): T | undefined {
    return this[this.length - 1];
  }
}

export class CountingMap<K, V> extends Map<K, V> {
  sets = 0;
  override set(key: K, value: V): this {
    this.sets++;
    return super.set(key, value);
  }
}

export function subclasses(): unknown[] {
  const stack = new Stack<number>();
  stack.push(1, 2);
  stack.push(3);
  const mapped = stack.map((x) => x * 2);
  const counting = new CountingMap<string, number>([['a', 1]]);
  counting.set('b', 2).set('c', 3);
  return [stack.pushes, stack.peek(), mapped instanceof Stack, Array.from(mapped), counting.sets, counting.size];
}

export function throwingGetters(): string[] {
  const out: string[] = [];
  const items = [
    { ok: 1 },
    Object.defineProperty({}, 'ok', {
      get() {
        throw new TypeError('getter exploded');
      },
    }),
  ];
  try {
    items.forEach((item) => out.push(`ok=${item.ok}`));
  } catch (error) {
    out.push(`${(error as Error).name}: ${(error as Error).message}`);
  }
  const map = new Map([['k', items[1]]]);
  try {
    const { ok } = map.get('k')!;
    out.push(`destructured ${ok}`);
  } catch (error) {
    out.push(`destructuring: ${(error as Error).message}`);
  }
  return out;
}

/** Reads of collections (recorded as reads of `[]` with fields): Map/Set lookups and iteration,
 *  array element reads with holes and odd keys, typed arrays (untouched), a Proxy of an array
 *  (its traps must run exactly as often), and look-alikes whose `get` / `has` / `size` are
 *  getters or methods of plain classes (never treated as collections, never called early). */
export function collectionReads(): unknown[] {
  const map = new Map<string, number>([['a', 1], ['b', 2]]);
  const set = new Set(['x', 'y']);
  const key = 'a';
  const mapped = [map.get(key), map.get('zz'), map.has('b'), map.size, set.has('x'), set.size, [...map.keys()], [...set.values()]];
  const pairs: string[] = [];
  for (const [k, v] of map) pairs.push(`${k}=${v}`);
  map.forEach((v, k) => pairs.push(`${k}:${v}`));
  const [first, ...rest] = set;
  const holes = [1, , 3];
  const i = 1;
  const sparse = [holes[i], holes[0], holes[-1 as number], holes['2' as unknown as number], holes[1.5], holes.length, 1 in holes, holes.at(-1), holes.includes(undefined)];
  let counted = 0;
  holes.forEach(() => counted++);
  const list = [3, 1, 2];
  list[list.length] = 4;
  list[0] += 10;
  list[1]++;
  const found = [list.indexOf(2), list.find((x) => x > 2), list.some((x) => x > 100), list.every((x) => x > 0), list.filter((x) => x % 2 === 0), list.map((x) => x * 2), list.lastIndexOf(4), list.findIndex((x) => x === 4)];
  const bytes = new Uint8Array([9, 8, 7]);
  const typed = [bytes[0], bytes.at(-1), bytes.includes(8), bytes.length, [...bytes], bytes.indexOf(7)];
  let traps = 0;
  const proxied = new Proxy([10, 20, 30], {
    get(target, property, receiver) {
      traps++;
      return Reflect.get(target, property, receiver);
    },
  });
  const viaProxy = [proxied[1], proxied.length, proxied.includes(30), [...proxied].length, traps];
  const text = 'abc';
  return [mapped, pairs, first, rest, sparse, counted, list, found, typed, viaProxy, text[1], [...text]];
}

/** Plain classes with members named like the collection reads. */
export class Registry {
  calls: string[] = [];
  private readonly data: Record<string, number> = { a: 1 };
  get(name: string): number | undefined {
    this.calls.push(`get ${name}`);
    return this.data[name];
  }
  get has(): (name: string) => boolean {
    this.calls.push('has getter');
    return (name) => name in this.data;
  }
  get size(): number {
    this.calls.push('size getter');
    return Object.keys(this.data).length;
  }
  get length(): number {
    throw new RangeError('length getter throws');
  }
}

export function lookAlikeReads(): unknown[] {
  const registry = new Registry();
  let length: string;
  try {
    length = String(registry.length);
  } catch (error) {
    length = (error as Error).message;
  }
  const name = 'a';
  return [registry.get(name), registry.has('a'), registry.size, length, registry.calls];
}

/** Dates: the runtime watches a Date's getTime and valueOf as clock reads (stop 49); what the
 *  program sees of them, and of Date objects, stays the same. */
export function dates(): unknown[] {
  const a = new Date(Date.UTC(2020, 0, 2));
  const b = new Date(Date.UTC(2021, 5, 6));
  class Stamp extends Date {
    label(): string { return 'stamp ' + this.getTime(); }
  }
  const s = new Stamp(0);
  let notADate = '';
  try {
    Date.prototype.getTime.call({});
  } catch (error) {
    notADate = (error as Error).constructor.name;
  }
  const sorted = [b, a].sort((x, y) => (x as unknown as number) - (y as unknown as number)).map((d) => d.toISOString());
  return [
    a.getTime(), b.valueOf(), +a, (b as unknown as number) - (a as unknown as number), `${a.getTime()}`, sorted,
    s.label(), s instanceof Date, s.constructor === Stamp, a.constructor === Date, JSON.stringify(a),
    notADate, Date.prototype.getTime.name, Date.prototype.getTime.length, Date.prototype.valueOf.name,
    Object.keys(Date.prototype).length, Object.prototype.toString.call(a), a < b,
  ];
}

/** Builtins that iterate their first argument natively (recorded as a read of its contents):
 *  the value and the order of evaluation are the original's, whatever the argument is. */
export function nativeIteration(): unknown[] {
  const order: string[] = [];
  const arg = <T>(label: string, value: T): T => {
    order.push(label);
    return value;
  };
  const m = new Map<string, number>([['a', 1], ['b', 2]]);
  const s = new Set([3, 1, 2]);
  const arr = [1, 2, 3];
  class Bag extends Map<string, number> {}
  const bag = new Bag([['x', 9]]);
  const lazy = { *[Symbol.iterator]() { order.push('iterated'); yield ['k', 1] as const; } };
  let thrown = '';
  try {
    Array.from(arg('null', null) as unknown as number[]);
  } catch (error) {
    thrown = (error as Error).constructor.name;
  }
  return [
    Object.fromEntries(arg('map', m)), Array.from(arg('set', s)), Array.from(arr, (x) => x * 2), Array.from({ length: 2 }),
    [...new Map(arg('copy', m))], [...new Set(arg('array', arr))], structuredClone(arg('clone', arr)),
    Object.fromEntries(lazy), new Map(bag) instanceof Bag, new Map(), new Set(), Array.from('hi'),
    Object.fromEntries(new Map([[1, 'one']])), thrown, order,
  ];
}
