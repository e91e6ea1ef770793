import { hoisted, hoistedWithDefault, late } from './cycle-a.ts';

// Runs before cycle-a's body: only its function declarations exist yet.
export const fromB = `${hoisted(1)} ${hoistedWithDefault(2)}`;

let lateSeen: string;
try {
  lateSeen = late;
} catch (error) {
  lateSeen = `${(error as Error).name}`;
}

export function useA(): string {
  return `${hoisted(2)} late=${lateSeen}`;
}
