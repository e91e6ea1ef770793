// Expression-level constructs around property accesses and calls: optional chaining, destructuring
// (declarations, parameters, assignment into properties, for-of targets), `arguments`, labeled
// loops, default and rest parameters, closures, `this` in arrows, logical / compound assignment,
// tagged templates, `new` on member expressions, `delete`, `in`, computed members, comma.
export interface Node {
  value: number;
  next?: Node | null;
  meta?: { tags?: string[]; describe?: () => string } | null;
}

export function optional(node: Node | null | undefined): unknown[] {
  return [
    node?.value,
    node?.next?.value,
    node?.next?.next?.value ?? 'none',
    node?.meta?.tags?.[0],
    node?.meta?.tags?.length,
    node?.meta?.describe?.(),
    node?.next?.meta?.describe?.() ?? 'no describe',
    (node?.next)?.value,
    node!.meta?.tags!.join('+'),
  ];
}

export function chainCalls(list: { items?: number[] } | undefined): unknown[] {
  return [list?.items?.map((x) => x * 2), list?.items?.push?.(9), list?.items?.length];
}

export const target = { a: 0, b: 0, nested: { c: 0 }, list: [] as number[] };

export function destructure(source: { a: number; b?: number; rest: number[]; deep: { x: number; y?: number } }): unknown[] {
  const { a, b = 10, deep: { x, y = 20 }, rest: [first, ...others] } = source;
  ({ a: target.a, b: target.b = 5, deep: { x: target.nested.c } } = source);
  [target.list[0], target.list[1]] = [first, x];
  [target.a, target.b] = [target.b, target.a];
  let m = 0;
  let n = 0;
  ({ m = 1, n } = { n: 2 } as { m?: number; n: number });
  return [a, b, x, y, first, others, m, n, { ...target, list: [...target.list] }];
}

export function params({ a, b = a * 2 }: { a: number; b?: number }, [c, d = c + 1]: number[] = [7], ...rest: string[]): string {
  return `${a},${b},${c},${d},${rest.join('|')},${arguments.length}`;
}

export function defaults(x: number, y = x + 1, z = (() => y * 10)(), w = target.a): number[] {
  return [x, y, z, w];
}

export function variadic(): string {
  const args = Array.prototype.slice.call(arguments);
  const arrow = () => arguments.length;
  return `${args.join(',')} len=${arrow()} type=${typeof arguments}`;
}

export function labeled(grid: number[][]): string[] {
  const out: string[] = [];
  rows: for (let r = 0; r < grid.length; r++) {
    cols: for (let c = 0; c < grid[r].length; c++) {
      if (grid[r][c] < 0) continue rows;
      if (grid[r][c] === 0) continue cols;
      if (grid[r][c] > 100) break rows;
      out.push(`${r}.${c}=${grid[r][c]}`);
    }
  }
  block: {
    if (out.length > 2) break block;
    out.push('block end');
  }
  let i = 0;
  loop: while (true) {
    do {
      i++;
      if (i > 3) break loop;
    } while (i % 2);
    out.push(`i=${i}`);
  }
  return out;
}

export function makeCounter(start: number) {
  let count = start;
  return {
    inc: () => ++count,
    dec() {
      return --count;
    },
    get current() {
      return count;
    },
  };
}

export function closuresInLoops(): number[] {
  const fns: (() => number)[] = [];
  for (let i = 0; i < 3; i++) fns.push(() => i);
  var v: number;
  const vars: (() => number)[] = [];
  for (v = 0; v < 3; v++) vars.push(() => v);
  return [...fns.map((f) => f()), ...vars.map((f) => f())];
}

export class Greeter {
  greeting = 'hi';
  names = ['ann', 'bob'];

  greetAll(): string[] {
    return this.names.map((name) => `${this.greeting} ${name}`);
  }

  delayed(): Promise<string> {
    return new Promise((resolve) => setTimeout(() => resolve(`${this.greeting} later`), 1));
  }

  nested(): string {
    const outer = () => {
      const inner = () => this.greeting.toUpperCase();
      return inner();
    };
    return outer();
  }

  unbound(): string {
    const self = this;
    return [1].map(function (this: unknown) {
      return `${this === undefined} ${self.greeting}`;
    })[0];
  }
}

export function assignments(o: { n?: number | null; s: string; count: number; flag?: boolean; list?: number[] }): unknown {
  o.n ??= 5;
  o.s ||= 'empty';
  o.flag &&= false;
  o.count += 2;
  o.count **= 2;
  o.count--;
  ++o.count;
  (o.list ??= []).push(o.count);
  const key = 'count';
  o[key] *= 2;
  return { ...o };
}

function tagFn(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.raw.join('|') + ':' + values.join(',');
}

export const tools = {
  tag: tagFn,
  Ctor: class {
    constructor(readonly v: number) {}
  },
  prefix: 'p',
};

export function misc(): unknown[] {
  const obj: Record<string, number> = { x: 1, y: 2 };
  const removed = delete obj.x;
  const tagged = tools.tag`a${1}b${tools.prefix}`;
  const made = new tools.Ctor(3).v;
  const comma = (obj.y++, obj.y);
  const computed = { [`k${obj.y}`]: obj.y }.k3;
  const typeofs = [typeof obj.x, typeof obj.missing?.toFixed, 'y' in obj, void obj.y];
  return [removed, obj, tagged, made, comma, computed, typeofs];
}

export function iterateInto(): unknown {
  const sink = { k: '', v: 0, all: [] as string[] };
  for ({ k: sink.k, v: sink.v } of [{ k: 'a', v: 1 }, { k: 'b', v: 2 }]) sink.all.push(`${sink.k}${sink.v}`);
  for (sink.k in { p: 1, q: 2 }) sink.all.push(sink.k);
  for ([sink.k] of [['z']]) sink.all.push(sink.k);
  return sink;
}
