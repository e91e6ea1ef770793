// A cycle: cycle-b imports this module and calls its hoisted function while this module has not
// run yet (its `import` of cycle-b is evaluated first).
import { fromB, useA } from './cycle-b.ts';

export function hoisted(x: number): string {
  return `hoisted(${x})`;
}

export function hoistedWithDefault(x: number, y = x + 1): number {
  return x + y;
}

export const late = 'late binding';

export function describe(): string[] {
  return [fromB, useA()];
}
