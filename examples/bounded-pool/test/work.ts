/** A stand-in for I/O that takes `turns` trips through the event loop. */
export async function slowly<T>(value: T, turns: number): Promise<T> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
  return value;
}
