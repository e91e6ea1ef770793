// Class fields, #private members, static blocks, accessors, `super` in methods, static methods,
// constructors and object literals, derived constructors of every shape, new.target, parameter
// properties, class expressions.
export const trail: string[] = [];

export class Shape {
  static count = 0;
  static registry: string[];
  static {
    Shape.registry = [];
    try {
      Shape.registry.push('static block ran');
      throw new Error('static failure');
    } catch (error) {
      Shape.registry.push(`static caught ${(error as Error).message}`);
    } finally {
      Shape.registry.push('static finally');
    }
  }

  #id: number;
  name = 'shape';
  readonly created = ++Shape.count;
  label = `${this.name}#${this.created}`;

  constructor(readonly sides: number) {
    this.#id = sides * 100;
    trail.push(`Shape ctor ${new.target.name}`);
  }

  get id(): number {
    return this.#id;
  }

  #secret(): string {
    return `secret-${this.#id}`;
  }

  reveal(): string {
    return this.#secret();
  }

  static isShape(value: unknown): boolean {
    return typeof value === 'object' && value !== null && #id in value;
  }

  describe(): string {
    return `${this.name} with ${this.sides} sides`;
  }

  area(): number {
    return 0;
  }

  static create(sides: number): Shape {
    return new this(sides);
  }
}

export class Square extends Shape {
  override name = 'square';
  accessor size = 1;

  constructor(size: number) {
    super(4);
    this.size = size;
    trail.push(`Square ctor ${this.label}`);
  }

  override describe(): string {
    return `${super.describe()} (size ${this.size})`;
  }

  override area(): number {
    return this.size ** 2;
  }

  static override create(sides: number): Square {
    trail.push(`Square.create via ${super.create.name}`);
    return new Square(sides);
  }
}

const double = (n: number) => n * 2;

/** super(...) with callbacks in its arguments, and statements before super(). */
export class Polygon extends Shape {
  readonly lengths: number[];

  constructor(lengths: number[]) {
    const doubled = lengths.map((n) => double(n));
    trail.push(`before super ${doubled.join(',')}`);
    super(lengths.filter((n) => n > 0).length);
    this.lengths = doubled;
    this.lengths.forEach((n) => trail.push(`length ${n}`));
  }

  override area(): number {
    return this.lengths.reduce((a, b) => a + b, 0);
  }
}

/** super() inside a branch: not a top-level statement. */
export class Maybe extends Shape {
  constructor(flag: boolean) {
    if (flag) {
      super(1);
    } else {
      super(2);
    }
    [1, 2].forEach((n) => trail.push(`Maybe ${n} ${this.sides}`));
    if (this.sides > 5) return;
    try {
      trail.push(String(JSON.parse('{')));
    } catch {
      trail.push('Maybe caught');
    }
  }
}

/** A derived constructor that never calls super and returns an object instead. */
export class Impostor extends Shape {
  constructor() {
    const fake = { impostor: true, list: [1, 2].map((n) => n + 1) };
    return fake as unknown as Impostor;
  }
}

/** super() reached through an arrow function. */
export class Lazy extends Shape {
  constructor() {
    const init = () => super(3);
    init();
    trail.push(`Lazy ${this.sides}`);
  }
}

export class Counter {
  static #instances = 0;
  #count = 0;
  step: number;

  constructor(step = 1) {
    Counter.#instances++;
    this.step = step;
  }

  static get instances(): number {
    return Counter.#instances;
  }

  increment = (): number => {
    this.#count += this.step;
    return this.#count;
  };

  get count(): number {
    return this.#count;
  }

  set count(value: number) {
    if (value < 0) throw new RangeError('negative count');
    this.#count = value;
  }
}

export const base = {
  greet(): string {
    return 'hello from base';
  },
};

export const derived = {
  __proto__: base,
  greet(): string {
    return `${super.greet()} via derived`;
  },
};

export const Anonymous = class {
  value = 5;
  times(n: number): number {
    return this.value * n;
  }
};

export function makeClass(prefix: string) {
  return class Named {
    constructor(readonly suffix: string) {}
    toString(): string {
      return `${prefix}-${this.suffix}`;
    }
  };
}

export let finallyCount = 0;

/** Callbacks with no calls in them, only try/catch/finally. */
export function quiet(values: unknown[]): unknown[] {
  return values.map(function (v) {
    try {
      if (v === 0) throw 'zero';
      return v;
    } catch (e) {
      return `caught ${e}`;
    } finally {
      finallyCount++;
    }
  });
}

export const arrowQuiet = (v: number) => {
  try {
    if (v < 0) throw v;
    return v;
  } catch (e) {
    return -(e as number);
  }
};
