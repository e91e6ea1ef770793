// Methods that change their Array / Map / Set receiver: a call of one is a write of the receiver.
// These lists are shared by the static access maps (002 §3.1), the instrumenter and the recorder.
export const MUTATING_METHODS: ReadonlySet<string> = new Set([
  'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin',
  'set', 'delete', 'clear', 'add',
]);

// Methods that read an Array / Map / Set receiver's contents: with fields, a call of one on a
// collection is a read of `[]` (the key the mutating calls write), so conflict checks match.
export const READING_METHODS: ReadonlySet<string> = new Set([
  'get', 'has', 'forEach', 'keys', 'values', 'entries',
  'includes', 'indexOf', 'lastIndexOf', 'find', 'findIndex', 'findLast', 'findLastIndex', 'some', 'every',
  'filter', 'map', 'flatMap', 'reduce', 'reduceRight', 'at', 'slice', 'join',
]);
/** Reading methods whose first argument is the element key (`ek`): map.get(k), set.has(k), a.at(i). */
export const KEYED_READS: ReadonlySet<string> = new Set(['get', 'has', 'at']);
/** Mutating methods whose first argument is the element key on a Map / Set: map.set(k, v),
 *  map.delete(k), set.add(k), set.delete(k) — the write names the entry, as the keyed reads do. */
export const KEYED_WRITES: ReadonlySet<string> = new Set(['set', 'delete', 'add']);
