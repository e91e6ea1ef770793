// ASSETFUZZER phase II (001 §4.2): drive the scheduler so that a potential atomic-set
// serializability violation found by phase I (core/active/hybrid-analysis.ts) really happens.
import type { AsfTraceEvent } from '../trace-events.js';
import { mulberry32, type Candidate, type Strategy, type StrategyLookup } from './strategy.js';

/** One event of a potential violation's access pattern (001 Table 1), as phase II matches it. */
export interface AsfStep {
  /** 0: the unit of work u the pattern breaks; 1: the interfering unit u'. */
  role: 0 | 1;
  op: 'r' | 'w';
  /** Which location of the pattern (0: m1, 1: m2): within one attempt each is one object's. */
  loc?: 0 | 1;
  /** A read-modify-write (`x++`, `x += 1`): recorded as a write, it reads as well. */
  up?: boolean;
  /** Statement label: the access's site, `file:line:col` (calling-context.ts siteKey). */
  site: string;
  /** Codified calling context (calling-context.ts contextHash). */
  ctx: string;
  /** The scheduling point (await or lock request site) the task last passed before this event in
   *  phase I's run: a continuation parked there is the one that goes on to the event. */
  gate?: string;
  /** The scheduling points the task passed before this event (a few, latest last). */
  gates?: string[];
  /** Indexes, in acquisition order, of the locks the task holds at this step that it must have
   *  released before it is held (its part of the vulnerable-window lockset, 001 §4.2.2). */
  release?: number[];
}

/** A potential violation as phase II needs it (plain JSON, it travels in CONLENS_TRACE). */
export interface AsfTarget {
  id: string;
  /** In pattern order: e_i, e_k, (e_l,) e_j for 001's ei ek el ej, or the pattern's own order. */
  steps: AsfStep[];
}

/** Decisions a task may be held before the attempt is given up (001 relies on RaceFuzzer's
 *  monitor to break such ties; here the bound keeps a hold that cannot succeed from slowing the
 *  run down). */
const MAX_HOLD = 64;

/**
 * 001 §4.2.3's thread manipulation over the scheduler's candidates. The run's target is one
 * potential violation (phase I may find several; `conlens fuzz` gives each run one, in turn).
 * Events are matched by site and calling-context hash (§4.2.1) and, within one attempt, on the
 * same object (one atomic set's instance). After the pattern's step i by one task, when step i+1
 * belongs to the other, the first task is held — its continuations are not chosen while anything
 * else can run — until the other task performed its steps; with a vulnerable-window lockset
 * holding mutexes, only once the held task released them (§4.2.2). The scheduler only decides at
 * scheduling points, so a task cannot be stopped right before an access as 001's Java agent can:
 * instead, before step 0 the continuations parked where phase I saw the other task last pass
 * before its first step (`gate`) are deferred, and those at step 0's gate preferred — the async
 * form of "if e_k occurs before e_i, suspend tid(u') instead of executing e_k". When the last step
 * happens the violation is realised (a trace event says so); the run then goes on at random and a
 * failure, if any, is the bug it causes (001's real violation vs. bug).
 */
export class AssetFuzzerStrategy implements Strategy {
  readonly name = 'assetfuzzer';
  readonly wantsAccesses = true;
  readonly events: AsfTraceEvent[] = [];
  private readonly random: () => number;
  private readonly target: AsfTarget | undefined;
  private readonly sites: Set<string>;
  private lookup: StrategyLookup | undefined;
  /** Index of the next step to match (0: waiting for e_i). */
  private next = 0;
  private tasks: [number | null | undefined, number | null | undefined] = [undefined, undefined];
  /** The object of each location of the pattern in this attempt (a field's object, a
   *  collection's own identity, 0 for a resource). */
  private objs: [number | undefined, number | undefined] = [undefined, undefined];
  /** Locks the task of the last matched step held right then. */
  private snapshot = new Set<number>();
  private holding = 0;
  private done = false;
  private now = 0;
  /** Task → lock → how many times held. */
  private readonly held = new Map<number | null, Map<number, number>>();

  constructor(seed: number, targets: readonly AsfTarget[]) {
    this.random = mulberry32(seed);
    this.target = targets.length ? targets[seed % targets.length] : undefined;
    this.sites = new Set(this.target?.steps.map((s) => s.site) ?? []);
    this.done = !this.target || this.target.steps.length < 2;
  }

  bind(lookup: StrategyLookup): void {
    this.lookup = lookup;
  }

  private emit(kind: AsfTraceEvent['kind'], step: number, task: number | null): void {
    this.events.push({ e: 'asf', kind, n: this.now, target: this.target!.id, step, t: task });
  }

  private reset(): void {
    this.next = 0;
    this.tasks = [undefined, undefined];
    this.objs = [undefined, undefined];
    this.holding = 0;
    this.snapshot = new Set();
  }

  private fits(step: { site: string; ctx: string; op: 'r' | 'w'; up?: boolean }, where: string, ctx: string, write: boolean): boolean {
    return step.site === where && step.ctx === ctx && (step.op === 'w' ? write : !write || step.up === true);
  }

  onAccess(task: number | null, write: boolean, obj: number, _key: string, site?: number, act?: unknown): void {
    if (this.done || !this.lookup || site === undefined) return;
    const where = this.lookup.siteKey(site);
    if (where === undefined || !this.sites.has(where)) return;
    const ctx = this.lookup.context(act);
    const steps = this.target!.steps;
    if (this.next > 0) {
      const step = steps[this.next];
      const bound = this.tasks[step.role];
      const other = this.tasks[1 - step.role];
      if (this.onObject(step, obj) && this.fits(step, where, ctx, write) && (bound === undefined ? task !== other : task === bound)) {
        this.advance(task, obj);
        return;
      }
      // A bound task reached a later step of its own before the other task's steps: the window
      // closed without the interleaving (or, for u, a fresh e_i opens a new one).
      const role = this.tasks[0] === task ? 0 : this.tasks[1] === task ? 1 : -1;
      if (role >= 0 && step.role !== role && steps.some((s, j) => j > this.next && s.role === role && this.onObject(s, obj) && this.fits(s, where, ctx, write))) {
        this.emit('abandoned', this.next, task);
        this.reset();
      } else if (role === 0 && this.next === 1 && this.fits(steps[0], where, ctx, write)) {
        this.reset();
      }
    }
    if (this.next === 0 && this.fits(steps[0], where, ctx, write)) {
      this.tasks = [task, undefined];
      this.objs = [undefined, undefined];
      this.advance(task, obj);
    }
  }

  private onObject(step: AsfStep, obj: number): boolean {
    const bound = this.objs[step.loc ?? 0];
    return bound === undefined || bound === obj;
  }

  private advance(task: number | null, obj: number): void {
    const steps = this.target!.steps;
    const step = steps[this.next];
    this.tasks[step.role] = task;
    this.objs[step.loc ?? 0] = obj;
    // 001 §4.2.2: the step's part of the vulnerable-window lockset, by acquisition order.
    const held = [...(this.held.get(task)?.keys() ?? [])];
    this.snapshot = new Set((step.release ?? []).map((i) => held[i]).filter((lock) => lock !== undefined));
    this.holding = 0;
    this.emit('matched', this.next, task);
    this.next++;
    if (this.next === steps.length) {
      this.emit('realised', this.next - 1, task);
      this.done = true;
    }
  }

  /** 001 §4.2.2: a task is held only once it released the window's locks it held at its last
   *  event, so the other task never waits for a lock of a held task (thrashing). */
  private mayHold(task: number | null | undefined): boolean {
    if (task === undefined) return false;
    const now = this.held.get(task);
    if (!now) return true;
    for (const lock of this.snapshot) if (now.has(lock)) return false;
    return true;
  }

  private atGate(candidate: Candidate, gate: string | undefined): boolean {
    return gate !== undefined && this.lookup?.siteKey(candidate.site) === gate;
  }

  choose(candidates: readonly Candidate[], step: number): number {
    this.now = step;
    let pool = candidates.map((_, i) => i);
    const narrow = (keep: (c: Candidate) => boolean): boolean => {
      const kept = pool.filter((i) => keep(candidates[i]));
      if (kept.length) pool = kept;
      return kept.length > 0;
    };
    if (!this.done) {
      const steps = this.target!.steps;
      if (this.next > 0) {
        const last = steps[this.next - 1];
        const upcoming = steps[this.next];
        if (upcoming.role !== last.role) {
          const holder = this.tasks[last.role];
          if (this.mayHold(holder) && narrow((c) => c.task !== holder) && ++this.holding > MAX_HOLD) {
            this.emit('abandoned', this.next, holder ?? null);
            this.reset();
          }
        }
        const owner = this.tasks[upcoming.role];
        if (this.next > 0) narrow((c) => (owner !== undefined ? c.task === owner : this.atGate(c, upcoming.gate)));
      } else {
        // The other task must not get to its first event before e_i: its continuations at the
        // scheduling points it passed on the way there (not u's own) wait while others can run.
        const first = steps[0];
        const other = steps.find((s) => s.role === 1);
        const mine = new Set([...(first.gates ?? []), ...(first.gate !== undefined ? [first.gate] : [])]);
        const theirs = new Set([...(other?.gates ?? []), ...(other?.gate !== undefined ? [other.gate] : [])].filter((g) => !mine.has(g)));
        if (theirs.size) narrow((c) => !theirs.has(this.lookup?.siteKey(c.site) ?? ''));
        narrow((c) => this.atGate(c, first.gate));
      }
    }
    return pool[Math.floor(this.random() * pool.length)];
  }

  onLockAcquired(task: number | null, lock: number): void {
    let locks = this.held.get(task);
    if (!locks) this.held.set(task, (locks = new Map()));
    locks.set(lock, (locks.get(lock) ?? 0) + 1);
  }

  onLockReleased(task: number | null, lock: number): void {
    const locks = this.held.get(task);
    const count = locks?.get(lock);
    if (!locks || count === undefined) return;
    if (count <= 1) locks.delete(lock);
    else locks.set(lock, count - 1);
  }
}
