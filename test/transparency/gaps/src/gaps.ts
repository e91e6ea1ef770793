// Known differences between plain and instrumented runs that the instrumenter cannot remove
// (transparency.test.ts runs this program in its `todo` tests, one line each).
import { statSync } from 'node:fs';

/** Listeners the program can see on `process`: the recorder's own hooks (exit, signals,
 *  uncaughtExceptionMonitor) count too, and a tenth `exit` listener of the program's own makes
 *  Node print MaxListenersExceededWarning. */
export function listeners(): string {
  for (let i = 0; i < 9; i++) process.on('exit', () => {});
  return ['exit', 'SIGINT', 'SIGTERM', 'uncaughtExceptionMonitor'].map((event) => `${event}=${process.listenerCount(event)}`).join(' ');
}

/** Function.prototype.toString shows the instrumented code. */
export function source(): string {
  return String(source).length > 200 ? 'long (instrumented)' : 'short';
}

/** With fields, an fs call goes through a wrapper (runtime/resources.ts): a synchronous error's
 *  `stack` has one more frame (where this function's frame stands in it). */
export function fsStack(): number {
  try {
    statSync('/nonexistent/conlens-gap');
    return -1;
  } catch (error) {
    return String((error as Error).stack).split('\n').findIndex((line) => line.includes('fsStack'));
  }
}

/** Every instrumented frame takes more stack: recursion that fits plainly can overflow. */
export function depth(n: number): number {
  return n === 0 ? 0 : 1 + depth(n - 1);
}

export function recursion(n: number): string {
  try {
    return `depth ${depth(n)}`;
  } catch (error) {
    return (error as Error).name;
  }
}

/** V8 writes the failing expression's *compiled* text into some TypeErrors ("x.y is not a
 *  function", "… is not iterable"); where the instrumenter rewrote that expression, the message
 *  names the rewritten code (`__conlens_rt.rd(...).p.q is not a function`). */
export async function messages(): Promise<string[]> {
  const o: { p: { q: unknown } } = { p: { q: 1 } };
  const attempts: [string, () => unknown][] = [
    ['call', () => (o.p.q as () => void)()],
    ['mutator', () => (o.p as unknown as number[]).push(1)],
    ['lock method', () => (o.p as unknown as { release(): void }).release()],
    ['iterable', () => [...(o.p.q as number[])]],
  ];
  const out: string[] = [];
  for (const [label, attempt] of attempts) {
    try {
      attempt();
    } catch (error) {
      out.push(`${label}: ${(error as Error).message}`);
    }
  }
  try {
    for await (const x of o.p.q as AsyncIterable<number>) out.push(String(x));
  } catch (error) {
    out.push(`for await: ${(error as Error).message}`);
  }
  return out;
}
