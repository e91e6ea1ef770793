// Module and closure variables (shared-variables.ts): the transformer records their reads,
// writes and updates through a scope object. Shadowing locals, parameters, catch variables and
// loop variables must stay untouched; shorthand properties, destructuring targets, compound and
// logical assignments, ++/--, typeof, the TDZ and live ES module bindings keep their meaning.
export let exported = 0;
let lazy: { id: number } | undefined;
var hoistedVar = 'var';
let count = 0;
let text = '';
let maybe: string | null = null;

export async function getLazy(): Promise<{ id: number }> {
  if (!lazy) lazy = await Promise.resolve({ id: ++count });
  return lazy;
}

export function bump(by = count): number {
  exported += by;
  exported++;
  --exported;
  count **= 1;
  maybe ??= 'set';
  maybe &&= maybe + '!';
  text ||= 'first';
  text += `|${typeof count}|${typeof lazy}`;
  return exported;
}

export function shadowing(count: number): unknown[] {
  const out: unknown[] = [count];
  {
    let text = 'inner';
    out.push(text);
  }
  for (let lazy = 0; lazy < 2; lazy++) out.push(lazy);
  try {
    throw new Error('e');
  } catch (exported) {
    out.push((exported as Error).message);
  }
  const f = function maybe(n: number): number { return n <= 0 ? 0 : n + maybe(n - 1); };
  out.push(f(3), text, maybe);
  return out;
}

export function makeStore(start: number) {
  let value = start;
  let saves = 0;
  const unused = start * 2; // not captured: stays a plain local
  return {
    async save(next: number): Promise<number> {
      const seen = value;
      await null;
      value = seen + next;
      saves++;
      return value + unused;
    },
    read: () => ({ value, saves }),
  };
}

export function hoisted(): string {
  function inner() { return late; }
  var late = 'late';
  return `${hoistedVar}/${inner()}`;
}

export function shorthand(): object {
  return { count, text, maybe, nested: { exported } };
}

export function destructuringTargets(): unknown[] {
  [count, text] = [count + 1, `${text}+`];
  ({ maybe } = { maybe: 'from pattern' });
  for (text of ['a', 'b']) count++;
  return [count, text, maybe];
}

export function beforeInit(): string {
  try {
    return String(notYet);
  } catch (e) {
    return (e as Error).name;
  }
}

export function withDefault(cb = () => count): number {
  return cb();
}

export const named = function counter(n: number): number { count += n; return count; };

export function* countTo(n: number): Generator<number> {
  while (count < n) yield count++;
}

// Called while the module loads, before `notYet` is initialized: a ReferenceError (TDZ) both ways.
export const early = beforeInit();
let notYet = 'initialized';
export function initialize(): string { return notYet; }
