// Getters and setters with side effects, getters that throw, static accessors, and objects with
// accessors passed around as parameters, `this` and return values.
export const log: string[] = [];

export class Temperature {
  #celsius = 0;
  reads = 0;

  get fahrenheit(): number {
    this.reads++;
    log.push(`get fahrenheit #${this.reads}`);
    return (this.#celsius * 9) / 5 + 32;
  }

  set fahrenheit(value: number) {
    log.push(`set fahrenheit ${value}`);
    this.#celsius = ((value - 32) * 5) / 9;
  }

  get celsius(): number {
    return this.#celsius;
  }

  get broken(): number {
    throw new RangeError('broken getter');
  }

  static create(celsius: number): Temperature {
    const t = new Temperature();
    t.fahrenheit = (celsius * 9) / 5 + 32;
    return t;
  }
}

/** A static accessor named like Function.prototype.name: reading it is observable (and the
 *  accessor is itself instrumented). */
export class Branded {
  static get name(): string {
    log.push('static get name');
    return 'Brand';
  }

  static make(): Branded {
    return new Branded();
  }
}

export function readTwice(t: Temperature): number {
  return t.fahrenheit + t.fahrenheit;
}

export function describeClass(cls: { name: string }): string {
  return `class ${cls.name}`;
}

export function sumValues(source: { readonly a: number; readonly b: number }): number {
  return source.a + source.b;
}

export function tryBroken(t: Temperature): string {
  try {
    return String(t.broken);
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

export const counter = {
  hits: 0,
  get next(): number {
    return ++this.hits;
  },
  set reset(value: number) {
    this.hits = value;
  },
};

export function useCounter(): number[] {
  const out = [counter.next, counter.next];
  counter.reset = 10;
  out.push(counter.next);
  return out;
}
