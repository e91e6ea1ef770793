// Locks: async-mutex objects and other packages' semaphores (by shape) and the configured lock
// classes (by constructor name).
// Requests, acquisitions and releases are trace events; under the controlled scheduler a request
// is a scheduling point, made once the scheduler granted the lock (scheduler.acquire).
import { identityOf, peekProperty } from '../value-capture.js';
import { type Activation, constructorNameOf, type Frame, isPlainPromise, PROMISE_THEN } from './recorder-base.js';
import { AwaitRecorder } from './awaits.js';

export class LockRecorder extends AwaitRecorder {
  /** `await lock.acquire()` resumed: the lock is held; wrap the release function it returns. */
  rl<T>(frame: Frame, site: number, resumed: T, given: unknown): T {
    const value = this.rs(frame, site, resumed);
    // The lock is the one this activation asked for just before suspending (`mc` saw the call).
    const lock = given ?? frame.act?.lastLock;
    if (frame.act) frame.act.lastLock = undefined;
    if (!this.isLock(lock)) return value;
    const lockId = identityOf(lock as object);
    this.writer.write({ e: 'lk', a: frame.act?.id ?? null, s: site, op: 'acquired', lock: lockId });
    this.scheduler?.lockAcquired(frame.act, lockId);
    const wrap = (release: unknown) =>
      typeof release === 'function'
        ? (...args: unknown[]) => {
            this.writer.write({ e: 'lk', a: this.current?.id ?? null, s: site, op: 'release', lock: lockId });
            this.scheduler?.lockReleased(this.current, lockId);
            return (release as (...a: unknown[]) => unknown)(...args);
          }
        : release;
    if (typeof value === 'function') return wrap(value) as T;
    if (Array.isArray(value) && value.length === 2 && typeof value[1] === 'function') return [value[0], wrap(value[1])] as T;
    return value;
  }

  /** A method call on a lock (`mc` for a non-collection receiver, `aq`): a request or release of
   *  an async-mutex or config lock. Inside a lock object's own methods (a Mutex built on a
   *  Semaphore, a Monitor's mutex inside Chopstick.pickup) the calls are that lock's
   *  implementation, not requests: only the outermost API is the lock. */
  protected lockCall(receiver: object, method: string, site: number): void {
    if (!this.isLock(receiver)) return;
    if (this.insideLockObject(this.current)) {
      // Not a request of the program's, but still a lock's grant (a hand-off): no delay.
      if (this.current && this.lockOp(receiver, method) === 'request') this.current.innerGrant = true;
      return;
    }
    const lock = identityOf(receiver);
    const op = this.lockOp(receiver, method);
    if (op) this.writer.write({ e: 'lk', a: this.current?.id ?? null, s: site, op, lock });
    if (op === 'request' && this.current) this.current.lastLock = receiver;
    if (op === 'request') this.scheduler?.lockRequested(this.current, lock);
    else if (op === 'release') this.scheduler?.lockReleased(this.current, lock);
  }

  /** `await receiver.method(…args)` where `method` is an acquire method (async-mutex `acquire`,
   *  a config lock's): recorded as `mc` does, and called at once — a request is made when the
   *  program makes it, and the lock's own queue decides when it is granted (a free permit grants
   *  it with no delay: the await after it is a prompt one, scheduler.ts ParkInfo.prompt). Emitted
   *  only for scheduled runs (InstrumentOptions.scheduled). */
  aq(receiver: unknown, method: string, site: number, ...args: unknown[]): unknown {
    const target = receiver as Record<string, (...a: unknown[]) => unknown>;
    if (receiver !== null && typeof receiver === 'object') this.lockCall(receiver, method, site);
    return target[method](...args);
  }

  /** `lock.runExclusive(callback, …)`: the callback is wrapped to record acquired / release;
   *  the call itself (receiver, arguments, returned promise) is unchanged. */
  rx(receiver: unknown, site: number, callback: unknown, ...rest: unknown[]): unknown {
    const target = receiver as { runExclusive: (...args: unknown[]) => unknown };
    const requester = this.current;
    if (!this.isLock(receiver) || typeof callback !== 'function' || this.insideLockObject(requester)) return target.runExclusive(callback, ...rest);
    const lock = identityOf(receiver as object);
    this.settlePending(requester, false);
    this.writer.write({ e: 'lk', a: requester?.id ?? null, s: site, op: 'request', lock });
    this.scheduler?.lockRequested(requester, lock, true);
    const release = () => {
      this.writer.write({ e: 'lk', a: requester?.id ?? null, s: site, op: 'release', lock });
      this.scheduler?.lockReleased(requester, lock);
    };
    const recorder = this;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      recorder.writer.write({ e: 'lk', a: requester?.id ?? null, s: site, op: 'acquired', lock });
      recorder.scheduler?.lockAcquired(requester, lock);
      let result: unknown;
      const owner = recorder.lockOwner;
      recorder.lockOwner = requester;
      try {
        // Reflect.apply, not callback.apply: that read a property of the user's function.
        result = Reflect.apply(callback as (...a: unknown[]) => unknown, this, args);
      } catch (error) {
        release();
        throw error;
      } finally {
        recorder.lockOwner = owner;
      }
      if (isPlainPromise(result)) PROMISE_THEN.call(result, release, release);
      else release();
      return result;
    };
    const scheduler = this.scheduler;
    const result = target.runExclusive(wrapped, ...rest);
    if (scheduler && typeof result === 'object' && result !== null) this.dependentPromises.set(result, true);
    return result;
  }

  /** The activation runs a method of a lock object, or is called from one (a Mutex's
   *  runExclusive on its Semaphore, a Monitor's enter() inside Chopstick.pickup): its own lock
   *  operations implement that lock, so they are neither requests nor releases. */
  protected override insideLockObject(act: Activation | undefined): boolean {
    if (!act) return false;
    // Computed once per activation: its `this` and its parents do not change.
    return (act.inLock ??= this.isLock(act.thisValue) || this.insideLockObject(act.parent));
  }

  /** An instance of a config lock class (by constructor name). */
  protected isConfigLock(value: unknown): boolean {
    if (value === null || typeof value !== 'object') return false;
    const name = constructorNameOf(value);
    return this.options.locks.some((lock) => lock.export === name);
  }

  protected isLock(value: unknown): boolean {
    if (value === null || typeof value !== 'object') return false;
    // async-mutex Mutex / Semaphore / withTimeout(...) objects, by shape (they may come from any
    // copy of the package); config lock classes by constructor name. Read with peekProperty: this
    // runs for every `x.release()` / `x.acquire()` (and, with fields, `x.add()`, `x.set()`…) on
    // any receiver, and plain reads ran Proxy traps and getters (transparency suite).
    if (typeof peekProperty(value, 'runExclusive') === 'function' && typeof peekProperty(value, 'acquire') === 'function' &&
        typeof peekProperty(value, 'isLocked') === 'function') return true;
    // A semaphore of another package (async-sema's Sema, semaphore-async-await): `acquire`,
    // `release` and a non-blocking `tryAcquire` — the try is what no I/O client has.
    if (typeof peekProperty(value, 'acquire') === 'function' && typeof peekProperty(value, 'release') === 'function' &&
        typeof peekProperty(value, 'tryAcquire') === 'function') return true;
    return this.isConfigLock(value);
  }

  protected lockOp(lock: unknown, method: string): 'request' | 'release' | undefined {
    const name = constructorNameOf(lock as object);
    const configured = this.options.locks.find((l) => l.export === name);
    if (configured) return method === configured.acquire ? 'request' : method === configured.release ? 'release' : undefined;
    // waitForUnlock takes nothing and cancel() rejects the waiters without releasing a holder:
    // neither changes who holds the lock.
    if (method === 'acquire' || method === 'runExclusive') return 'request';
    if (method === 'release') return 'release';
    return undefined;
  }
}
