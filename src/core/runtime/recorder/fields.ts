// Field accesses (only emitted when options.fields, i.e. integration runs): reads, writes and
// updates of object properties, and of the outside world's files, listings and ports (object 0,
// runtime/resources.ts). Every access also reaches the scheduler when its strategy wants them
// (ATOMFUZZER's and ASSETFUZZER's conflict checks).
import { identityOf, isCollection, OUTSIDE_WORLD, peekValueText, scalarText, sizeOf } from '../value-capture.js';
import type { TraceValue } from '../trace-events.js';
import { accessLine } from '../trace-writer.js';
import { LockRecorder } from './locks.js';

export class FieldRecorder extends LockRecorder {

  /** Writes one access and tells the scheduler (ATOMFUZZER's conflict checks). `v`: the value
   *  read or written, when known without running user code; `ek`: a collection's element key. */
  protected access(kind: 'rd' | 'wr' | 'up', obj: number, key: string, site: number, v?: TraceValue, ek?: unknown, object?: object): void {
    this.accessText(kind, obj, key, site, v === undefined ? undefined : JSON.stringify(v), ek, object);
  }

  /** access() with the value as JSON text already (value-capture.ts scalarText): the hot field
   *  accesses write their line with no event or value object (issue 33). */
  protected accessText(kind: 'rd' | 'wr' | 'up', obj: number, key: string, site: number, v: string | undefined, ek?: unknown, object?: object): void {
    const act = this.current;
    this.settlePending(act, false);
    this.writer.writeLine(accessLine(kind, act ? act.id : null, site, obj, key, v, ek));
    // A lock's own fields (a config lock class's state, its wait set) are the lock operations the
    // scheduler already models, not data: for Lipton they are movers, never a conflict.
    if (this.scheduler?.strategy.wantsAccesses && (object === undefined || !this.isLock(object))) {
      this.scheduler.accessed(act ?? this.lockOwner, kind !== 'rd', obj, key, site);
    }
  }

  protected field(kind: 'rd' | 'wr' | 'up', object: unknown, key: string, site: number, v?: string): void {
    if (object === null || (typeof object !== 'object' && typeof object !== 'function')) return;
    this.accessText(kind, identityOf(object), key, site, v, undefined, object);
  }

  /** `o.p` read. A collection's `size` / an array's `length` is a read of its contents (`[]`, the
   *  key its mutating calls write). `v`: the value, when it is a data property (no getter runs). */
  rd<T>(object: T, key: string, site: number): T {
    if (object === null || (typeof object !== 'object' && typeof object !== 'function')) return object;
    if ((key === 'size' || key === 'length') && isCollection(object)) {
      this.access('rd', identityOf(object), '[]', site, sizeOf(object));
    } else {
      this.field('rd', object, key, site, peekValueText(object, key));
    }
    return object;
  }

  wr<T>(object: T, key: string, site: number): T {
    this.field('wr', object, key, site);
    return object;
  }

  /** `o.p = value` where `o` is `this` or a variable (evaluating it again runs nothing): recorded
   *  once the value is known, after the right-hand side's own accesses. Returns `value`. */
  wv<T>(object: unknown, key: string, site: number, value: T): T {
    this.field('wr', object, key, site, scalarText(value, false));
    return value;
  }

  up<T>(object: T, key: string, site: number): T {
    this.field('up', object, key, site);
    return object;
  }


  /** Issue 30: a promise's settlement is a channel. In scheduled runs that record fields, an
   *  executor written in place hands its resolve (`which` 0) and reject (1) to `ns` first
   *  (instrument-transformer.ts settlingExecutor); they come back as functions that first write
   *  the promise's `promise:#n` (the site: where it was made; the task: who settled it), so a
   *  second settlement, which the promise ignores, is an order the patterns see. A `.then`
   *  registration reads it (callbacks.ts). Otherwise the same function comes back. */
  ns(site: number, settle: unknown, which: number): unknown {
    if (!this.scheduler || !this.options.fields || typeof settle !== 'function') return settle;
    let keys = this.madeChannels.get(site);
    if (!keys) this.madeChannels.set(site, (keys = []));
    // The executor runs inside the constructor, before `np` gets the promise: `np` of this site
    // takes the key back (a nested `new Promise` of the same site, in recursion, is LIFO).
    if (which === 0 || !keys.length) keys.push(`promise:#${++this.promiseCount}`);
    const key = keys[keys.length - 1];
    const recorder = this;
    const how = which === 0 ? 'resolved' : 'rejected';
    // An anonymous function of one parameter, as the constructor's own resolve and reject are.
    return [function (this: unknown, _value: unknown) {
      if (recorder.running !== undefined) recorder.resource('wr', key, site, how);
      return Reflect.apply(settle, this, arguments);
    }][0];
  }

  /** The channel of a promise whose executor handed over its resolve (`ns`), if any. */
  promiseChannel(value: object): string | undefined {
    return this.promiseChannels.get(value);
  }

  /** An access of a file, directory listing or port: object 0, "the outside world". */
  resource(kind: 'rd' | 'wr', key: string, site: number, v?: TraceValue): void {
    this.access(kind, OUTSIDE_WORLD, key, site, v);
  }
}
