// Proxies: as parameters, as `this`, as receivers of mutating-looking calls, as return values of
// async functions, as thrown values, proxied functions and revoked proxies. Every trap logs, so
// any extra trap call made by instrumentation shows in the transcript.
import { log } from './accessors.ts';

export function logging<T extends object>(target: T, name: string): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      log.push(`${name}.get ${String(key)}`);
      return Reflect.get(t, key, receiver);
    },
    set(t, key, value, receiver) {
      log.push(`${name}.set ${String(key)}=${typeof value === 'object' ? 'object' : String(value)}`);
      return Reflect.set(t, key, value, receiver);
    },
    has(t, key) {
      log.push(`${name}.has ${String(key)}`);
      return Reflect.has(t, key);
    },
    deleteProperty(t, key) {
      log.push(`${name}.delete ${String(key)}`);
      return Reflect.deleteProperty(t, key);
    },
    ownKeys(t) {
      log.push(`${name}.ownKeys`);
      return Reflect.ownKeys(t);
    },
    getOwnPropertyDescriptor(t, key) {
      log.push(`${name}.gopd ${String(key)}`);
      return Reflect.getOwnPropertyDescriptor(t, key);
    },
    getPrototypeOf(t) {
      log.push(`${name}.getPrototypeOf`);
      return Reflect.getPrototypeOf(t);
    },
    apply(t, thisArg, args) {
      log.push(`${name}.apply(${args.length})`);
      return Reflect.apply(t as (...a: unknown[]) => unknown, thisArg, args);
    },
    construct(t, args, newTarget) {
      log.push(`${name}.construct(${args.length})`);
      return Reflect.construct(t as new (...a: unknown[]) => object, args, newTarget);
    },
  });
}

export class Bag {
  items: number[] = [];
  add(n: number): this {
    this.items.push(n);
    return this;
  }
  set(n: number): number {
    this.items = [n];
    return n;
  }
  release(): string {
    return `released ${this.items.length}`;
  }
  total(): number {
    return this.items.reduce((a, b) => a + b, 0);
  }
}

export function fillBag(bag: Bag): number {
  bag.add(1).add(2);
  bag.set(5);
  bag.add(3);
  return bag.total();
}

export function pushAll(list: number[], ...values: number[]): number {
  for (const v of values) list.push(v);
  list.sort((a, b) => b - a);
  return list.length;
}

export function applyTwice(fn: (x: number) => number, x: number): number {
  return fn(fn(x));
}

export async function loadProxy(): Promise<{ v: number }> {
  return logging({ v: 42 }, 'loaded');
}

export function readRevoked(value: unknown): string {
  return typeof value;
}

/** Reads, writes and mutating calls on a revoked Proxy: the same TypeErrors. */
export function touchRevoked(value: { x?: number; items?: number[]; push?: (n: number) => void; add?: (n: number) => void }): string[] {
  const out: string[] = [];
  const attempts: (() => unknown)[] = [() => value.x, () => (value.x = 1), () => value.push!(1), () => value.add!(1), () => value.x!++];
  for (const attempt of attempts) {
    try {
      out.push(String(attempt()));
    } catch (error) {
      out.push(`${(error as Error).name}: ${(error as Error).message}`);
    }
  }
  return out;
}

export function throwProxy(): never {
  throw logging(new Error('proxied error'), 'thrown');
}

export function releaseIt(bag: Bag): string {
  return bag.release();
}

export function hasKey(o: object, key: string): boolean {
  return key in o;
}

export function keysOf(o: object): string[] {
  return Object.keys(o);
}
