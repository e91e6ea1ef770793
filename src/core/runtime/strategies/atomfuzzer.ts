// ATOMFUZZER, 003 Algorithm 2.
import { EVENT_LOOP_LOCK, mulberry32, type Candidate, type Strategy } from './strategy.js';

/** What ATOMFUZZER saw: a warning (Alg. 2 line 17: a task inside an atomic block is about to
 *  re-acquire a lock it acquired and released in the block, and was paused) or an error (line 27:
 *  another task acquired that lock while it was paused — a real atomicity violation was created;
 *  whether it is a bug shows only as a failure of the program). `commute`: another task ran while
 *  the block was paused on the event-loop lock, but touched nothing the block touches — the
 *  interleaving is equivalent to a serial one, not an atomicity violation. */
export interface AtomNote {
  kind: 'warning' | 'error' | 'unpause' | 'commute';
  step: number;
  task: number | null;
  lock: number;
  /** For an error: the task that acquired the lock meanwhile. */
  by?: number | null;
}

const READ = 1;
const WRITE = 2;

/** Two accesses to one location conflict when at least one writes. */
function conflicts(previous: number | undefined, bit: number): boolean {
  return previous !== undefined && (bit === WRITE || (previous & WRITE) !== 0);
}

/** An event-loop-lock interleaving of a paused block (003's t1 · t2 · t3). */
interface InterleavingWindow {
  note: AtomNote;
  /** t1: what the block accessed up to the pause. */
  before: Map<string, number>;
  /** t2: what other tasks accessed while it was paused. */
  others: Map<string, number>;
  /** The paused task has not run again yet (t2 still growing). */
  open: boolean;
  /** t2 conflicts with t1 / with t3 (the block's accesses after it resumed). */
  conflictsBefore: boolean;
  conflictsAfter: boolean;
}

/**
 * ATOMFUZZER, 003 Algorithm 2, over the scheduler's candidates. A candidate with `lock` is an
 * ACQUIRE(p, L) transition (a runExclusive / acquire request); with `eventLoop` every other
 * candidate — a resumption after an await — is ACQUIRE(p, event-loop lock), so the pattern also
 * catches lock-free check-then-act across an await (a granted lock request runs code of its task
 * too: for line 25 it takes the event-loop lock as well). Atomic blocks: the activations the
 * scheduler reports through onAtomicEnter/onAtomicExit (config `atomic`, `@atomic`, the
 * check-then-act heuristic) and, with `lockRegions`, every region that holds a mutex (003 §1:
 * "synchronized blocks are atomic"). Being inside an atomic block, a task holds the event-loop
 * lock from its entry on.
 *
 * Lines 15-17 (a re-acquire inside the block) do not execute t: it is paused with probability q,
 * and otherwise the loop draws again; t runs only once its pause ended — another task acquired
 * L (the error of line 27), everything enabled was paused (line 30), or it lasted `maxPause`
 * decisions (the paper's monitor thread against livelocks). That reading is the one under which
 * 003 §3.1 gets probability 1 for Fig. 1; executing t right away with probability 1 − q gives
 * 1 − ((1 − q)/2)^k for k re-acquires instead.
 *
 * One addition (`deferShort`): a lock request whose critical section cannot suspend (a
 * synchronous runExclusive callback), by a task outside any atomic block, waits while other
 * candidates are ready. Such a section is the typical interfering t2 of the pattern; run first it
 * can only come before t1, never between t1 and t3. Deferring it cannot hide a deadlock: it never
 * waits for anything while it holds its lock. Likewise, continuations that enter an atomic block
 * able to suspend (`enters`, a static lookahead) go first: its window then opens while the other
 * tasks still have work that can fall into it.
 */
export class AtomFuzzerStrategy implements Strategy {
  readonly name = 'atomfuzzer';
  private readonly random: () => number;
  /** Task → nesting depth of the atomic blocks it is in. */
  private readonly insideAtomic = new Map<number | null, number>();
  /** `task:lock` acquired (and released) inside the task's current atomic block. */
  private readonly alreadyAcquired = new Set<string>();
  /** Candidate key → the paused ACQUIRE(p, L, t). */
  private readonly paused = new Map<string, { task: number | null; lock: number; since: number }>();
  /** Candidate keys whose pause ended: they run when next drawn. */
  private readonly released = new Set<string>();
  /** Task → the locations its current atomic block accessed (READ | WRITE bits). */
  private readonly blockAccesses = new Map<number | null, Map<string, number>>();
  /** Event-loop-lock interleavings not yet judged (see onAccess). */
  private readonly windows: InterleavingWindow[] = [];
  readonly notes: AtomNote[] = [];
  readonly wantsAccesses: boolean;

  constructor(seed: number, readonly q = 0.5, readonly eventLoop = true, readonly lockRegions = true, readonly maxPause = 20, readonly deferShort = true) {
    this.random = mulberry32(seed);
    this.wantsAccesses = eventLoop;
  }

  private lockOf(candidate: Candidate): number | undefined {
    if (candidate.lock !== undefined) return candidate.lock;
    return this.eventLoop ? EVENT_LOOP_LOCK : undefined;
  }

  private inside(task: number | null): boolean {
    return (this.insideAtomic.get(task) ?? 0) > 0;
  }

  private deferred(candidate: Candidate): boolean {
    return this.deferShort && candidate.lock !== undefined && candidate.short === true && !this.inside(candidate.task);
  }

  /** The pause ends; the note, if any, is what ended it (a window judged later has none yet). */
  private unpause(key: string, note?: AtomNote): void {
    this.paused.delete(key);
    this.released.add(key);
    if (note) this.notes.push(note);
  }

  choose(candidates: readonly Candidate[], step: number): number {
    // The monitor: a pause that lasted too long ends; keys no longer ready are forgotten.
    const present = new Set(candidates.map((c) => c.key));
    for (const [key, pause] of this.paused) {
      if (step - pause.since <= this.maxPause) continue;
      if (present.has(key)) this.unpause(key, { kind: 'unpause', step, task: pause.task, lock: pause.lock });
      else this.paused.delete(key);
    }
    for (let round = 0; ; round++) {
      const open = candidates.map((c, i) => i).filter((i) => !this.paused.has(candidates[i].key));
      if (open.length === 0) {
        // Lines 30-32: everything enabled is paused — un-pause a random one; it runs.
        const index = Math.floor(this.random() * candidates.length);
        const pause = this.paused.get(candidates[index].key)!;
        this.paused.delete(candidates[index].key);
        this.notes.push({ kind: 'unpause', step, task: pause.task, lock: pause.lock });
        this.executed(candidates[index], step);
        return index;
      }
      const preferred = open.filter((i) => !this.deferred(candidates[i]));
      const entering = preferred.filter((i) => candidates[i].enters);
      const pool = entering.length ? entering : preferred.length ? preferred : open;
      const index = pool[Math.floor(this.random() * pool.length)];
      const candidate = candidates[index];
      const lock = this.lockOf(candidate);
      if (lock !== undefined && this.inside(candidate.task)) {
        const key = `${candidate.task}:${lock}`;
        if (this.alreadyAcquired.has(key)) {
          // Lines 15-17. (The round bound only guards against a PRNG that never falls below q.)
          if (!this.released.has(candidate.key) && round < 64) {
            if (this.random() < this.q) {
              this.paused.set(candidate.key, { task: candidate.task, lock, since: step });
              this.notes.push({ kind: 'warning', step, task: candidate.task, lock });
            }
            continue;
          }
        } else {
          this.alreadyAcquired.add(key);
        }
      }
      this.executed(candidate, step);
      return index;
    }
  }

  /** Lines 25-28: an acquire of L by p un-pauses the other tasks paused on L — an error. */
  private executed(candidate: Candidate, step: number): void {
    this.released.delete(candidate.key);
    const locks = new Set<number>();
    const lock = this.lockOf(candidate);
    if (lock !== undefined) locks.add(lock);
    if (this.eventLoop) locks.add(EVENT_LOOP_LOCK);
    for (const [key, pause] of this.paused) {
      if (locks.has(pause.lock) && pause.task !== candidate.task) {
        const note: AtomNote = { kind: 'error', step, task: pause.task, lock: pause.lock, by: candidate.task };
        if (pause.lock !== EVENT_LOOP_LOCK) {
          // Acquiring the same mutex conflicts with the block's own acquire and release of it.
          this.unpause(key, note);
        } else {
          this.unpause(key);
          this.windows.push({ note, before: new Map(this.blockAccesses.get(pause.task)), others: new Map(), open: true, conflictsBefore: false, conflictsAfter: false });
        }
      }
    }
    // The paused task runs again: what others do from now on is no longer between its parts.
    for (const window of this.windows) if (window.note.task === candidate.task) window.open = false;
  }

  /**
   * The event-loop lock is held by whatever runs, so by 003's letter every step of another task
   * while a block is paused on it is an error. Lipton's reduction, on which 003's atomicity rests,
   * says more: steps on different locations commute, so the other tasks' steps t2 between the
   * block's parts t1 (before the pause) and t3 (after it) can move out of the block — left past t1
   * when they conflict with nothing in t1, right past t3 when they conflict with nothing in t3. The
   * interleaving is unserializable, a real atomicity violation, only when t2 conflicts with both
   * (003 Table 1's patterns: a location both sides access, one of each pair writing). So the
   * window becomes an error then, and a `commute` note when the block ends without it.
   */
  onAccess(task: number | null, write: boolean, obj: number, key: string): void {
    const location = `${obj}.${key}`;
    const bit = write ? WRITE : READ;
    const inside = this.inside(task);
    if (inside) {
      let accesses = this.blockAccesses.get(task);
      if (!accesses) this.blockAccesses.set(task, (accesses = new Map()));
      accesses.set(location, (accesses.get(location) ?? 0) | bit);
    }
    if (this.windows.length === 0) return;
    for (let i = this.windows.length - 1; i >= 0; i--) {
      const window = this.windows[i];
      if (window.note.task === task) {
        // t3: the paused task's block, after it resumed.
        if (inside && !window.open && conflicts(window.others.get(location), bit)) window.conflictsAfter = true;
      } else if (window.open) {
        // t2: another task while the block is paused.
        window.others.set(location, (window.others.get(location) ?? 0) | bit);
        if (conflicts(window.before.get(location), bit)) window.conflictsBefore = true;
      }
      if (window.conflictsBefore && window.conflictsAfter) {
        this.notes.push(window.note);
        this.windows.splice(i, 1);
      }
    }
  }

  /** The block of `task` ended: its interleavings without a conflict commute. */
  private judge(task: number | null): void {
    for (let i = this.windows.length - 1; i >= 0; i--) {
      if (this.windows[i].note.task !== task) continue;
      this.notes.push({ ...this.windows[i].note, kind: 'commute' });
      this.windows.splice(i, 1);
    }
    this.blockAccesses.delete(task);
  }

  private enter(task: number | null): void {
    const depth = this.insideAtomic.get(task) ?? 0;
    this.insideAtomic.set(task, depth + 1);
    // Entering the block, the task runs: it holds the event-loop lock.
    if (depth === 0 && this.eventLoop) this.alreadyAcquired.add(`${task}:${EVENT_LOOP_LOCK}`);
  }

  private exit(task: number | null): void {
    const depth = this.insideAtomic.get(task) ?? 0;
    if (depth <= 1) {
      // Lines 9-12.
      this.insideAtomic.delete(task);
      this.judge(task);
      const prefix = `${task}:`;
      for (const key of this.alreadyAcquired) if (key.startsWith(prefix)) this.alreadyAcquired.delete(key);
    } else {
      this.insideAtomic.set(task, depth - 1);
    }
  }

  onAtomicEnter(task: number | null): void {
    this.enter(task);
  }

  onAtomicExit(task: number | null): void {
    this.exit(task);
  }

  onLockAcquired(task: number | null, lock: number): void {
    if (!this.lockRegions) return;
    this.enter(task);
    // The lock itself was acquired inside the (new) block.
    this.alreadyAcquired.add(`${task}:${lock}`);
  }

  onLockReleased(task: number | null): void {
    if (this.lockRegions) this.exit(task);
  }
}

