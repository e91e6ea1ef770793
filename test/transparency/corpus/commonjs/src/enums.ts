// Enums (numeric, string, computed, const, merged) and namespaces (nested, merged with a function
// and a class, with mutable exported state), compiled as CommonJS.
export enum Color {
  Red,
  Green = 5,
  Blue,
}

export enum Direction {
  Up = 'UP',
  Down = 'DOWN',
}

const base = () => 10;

export enum Computed {
  A = base(),
  B = A * 2,
  C = 'c'.length,
}

export const enum Flags {
  None = 0,
  A = 1 << 0,
  B = 1 << 1,
  AB = A | B,
}

export enum Color {
  Purple = 20,
}

export namespace Geometry {
  export let created = 0;
  export const origin = { x: 0, y: 0 };

  export function point(x: number, y: number) {
    created++;
    return { x, y };
  }

  export namespace Metrics {
    export function distance(a: { x: number; y: number }, b = origin): number {
      return Math.hypot(a.x - b.x, a.y - b.y);
    }
  }
}

export function greet(name: string): string {
  return `hello ${name} #${++greet.calls}`;
}
export namespace greet {
  export let calls = 0;
}

export class Registry {
  constructor(readonly name: string) {}
}
export namespace Registry {
  export const all: string[] = [];
  export function add(name: string): Registry {
    all.push(name);
    return new Registry(name);
  }
}

export function describeEnums(): unknown[] {
  return [
    Color.Red, Color.Green, Color.Blue, Color.Purple, Color[6], Direction.Down,
    Computed.A, Computed.B, Computed.C, Flags.AB, (Flags.A | Flags.B) === Flags.AB,
    Object.keys(Color), Object.values(Direction),
  ];
}
