// Collections: the contents of an Array, Map or Set are one location (`[]`) with its element
// keys. Reading methods, index reads and writes, iteration and mutating calls are accesses of it;
// a method call on anything else may be a lock operation (locks.ts).
import { types } from 'node:util';
import { elementValue, identityOf, isArraySafe, isCollection } from '../value-capture.js';
import { MUTATING_METHODS } from '../mutating-methods.js';
import { FieldRecorder } from './fields.js';

/** A keyed call whose key is still being evaluated (crk, mck → ek). */
interface KeyLater {
  receiver: object;
  site: number;
  method: string;
  write: boolean;
}

export class CollectionRecorder extends FieldRecorder {
  /** Keyed calls waiting for their key (`m.set(user.id, v)`): the call is recorded when its first
   *  argument has been evaluated, once, by `ek`. A key with an await or a yield is never one of
   *  these (the instrumenter leaves it unkeyed), so a call's crk/mck and its ek run in one
   *  synchronous stretch and nest like calls: the last waiting is the one whose key this is.
   *  Undefined entries: the receiver was no collection (nothing to record). */
  private readonly keysLater: (KeyLater | undefined)[] = [];

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

  /** `receiver.get(key)` (has, at) whose key is an expression evaluating it twice could change
   *  (`m.get(user.id)`, `` m.get(`k:${id}`) ``): recorded by `ek` with the key's value. */
  crk<T>(receiver: T, site: number, method: string): T {
    this.keyLater(receiver !== null && typeof receiver === 'object' && isCollection(receiver) ? { receiver, site, method, write: false } : undefined);
    return receiver;
  }

  /** `receiver.set(key, v)` (delete, add) with such a key. Anything but a Map or a Set is what mc
   *  makes of it, now (a lock call, an Array subclass's own `add`). */
  mck<T>(receiver: T, method: string, site: number): T {
    const keyed = receiver !== null && typeof receiver === 'object' && (types.isMap(receiver) || types.isSet(receiver));
    if (!keyed) this.mc(receiver, method, site);
    this.keyLater(keyed ? { receiver: receiver as object, site, method, write: true } : undefined);
    return receiver;
  }

  /** The key of the innermost keyed call waiting for it, evaluated: that call's access. */
  ek<K>(key: K): K {
    const call = this.keysLater.pop();
    if (call?.write) this.access('wr', identityOf(call.receiver), '[]', call.site, undefined, key, call.receiver);
    else if (call) this.access('rd', identityOf(call.receiver), '[]', call.site, elementValue(call.receiver, call.method, key), key);
    return key;
  }

  private keyLater(call: KeyLater | undefined): void {
    // A key whose evaluation threw leaves its call waiting below the others: drop such leftovers.
    if (this.keysLater.length >= 64) this.keysLater.splice(0, 32);
    this.keysLater.push(call);
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
