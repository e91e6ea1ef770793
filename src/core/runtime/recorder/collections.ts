// Collections: the contents of an Array, Map or Set are one location (`[]`) with its element
// keys. Reading methods, index reads and writes, iteration and mutating calls are accesses of it;
// a method call on anything else may be a lock operation (locks.ts).
import { types } from 'node:util';
import { elementValue, identityOf, isArraySafe, isCollection } from '../value-capture.js';
import { MUTATING_METHODS } from '../mutating-methods.js';
import { FieldRecorder } from './fields.js';

export class CollectionRecorder extends FieldRecorder {
  /** `receiver.method(…)` of a reading method (get, has, forEach, includes, …): on a Map, Set or
   *  Array a read of its contents. `key`: the first argument when the call passes a variable or
   *  a literal there (get / has / at), which is also the element key. */
  cr<T>(receiver: T, site: number, method: string, key?: unknown): T {
    if (receiver === null || typeof receiver !== 'object' || !isCollection(receiver)) return receiver;
    // No key passed (not a literal or variable): no value either (get(undefined) is no lookup of it).
    const keyed = arguments.length > 3;
    this.access('rd', identityOf(receiver), '[]', site, keyed ? elementValue(receiver, method, key) : undefined, key);
    return receiver;
  }

  /** `a[i]` read on an Array (`i`: a variable or literal, else absent): a read of its contents. */
  ri<T>(array: T, site: number, index?: unknown): T {
    if (isArraySafe(array)) this.access('rd', identityOf(array), '[]', site, elementValue(array, '[]', index), index);
    return array;
  }

  /** `a[i] = v` / `a[i] += v` on an Array: a write (update) of its contents. */
  wi<T>(array: T, site: number, kind: 'wr' | 'up', index?: unknown): T {
    if (isArraySafe(array)) this.access(kind, identityOf(array as object), '[]', site, undefined, index);
    return array;
  }

  /** Iteration over a collection (for…of, spread, array destructuring): a read of its contents. */
  it<T>(iterable: T, site: number): T {
    if (iterable !== null && typeof iterable === 'object' && isCollection(iterable)) this.access('rd', identityOf(iterable), '[]', site);
    return iterable;
  }

  /** `receiver.method(…)`: a mutating call on an Array/Map/Set is a write of the receiver; a lock
   *  method is a lock event. Returns the receiver, so `this` of the call is unchanged. */
  mc<T>(receiver: T, method: string, site: number, key?: unknown): T {
    if (receiver === null || typeof receiver !== 'object') return receiver;
    // types.isMap/isSet, not instanceof: no Proxy trap runs (Array.isArray runs none, but throws
    // on a revoked Proxy).
    if (MUTATING_METHODS.has(method) && (isArraySafe(receiver) || types.isMap(receiver) || types.isSet(receiver))) {
      // A Map / Set entry's key names the entry written (an array's push/splice has none).
      const keyed = arguments.length > 3 && !isArraySafe(receiver);
      this.access('wr', identityOf(receiver), '[]', site, undefined, keyed ? key : undefined, receiver);
    } else {
      this.lockCall(receiver, method, site);
    }
    return receiver;
  }
}
