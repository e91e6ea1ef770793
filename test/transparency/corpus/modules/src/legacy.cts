// CommonJS TypeScript imported from an ES module (named exports through Node's CJS analysis).
export function cjsDouble(n: number): number {
  return n * 2;
}

export const cjsState = { calls: 0 };

export function cjsCount(): number {
  return ++cjsState.calls;
}
