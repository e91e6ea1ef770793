// The scheduler's lock table (DESIGN §7 pitfall 5), kept from the recorder's lock events: who
// holds each lock, which activation asked for which, and the wait-for cycle of those requests — a
// deadlock. The locks themselves decide who gets them and when (their permits, weights, queues):
// the table only answers what is held and who waits for whom.
import type { WaitForEdge } from './trace-events.js';

/** What the table needs of an activation (scheduler.ts ScheduledActivation). */
export interface LockOwner {
  id: number;
  parent: LockOwner | undefined;
  exited: boolean;
  spawned?: boolean;
}

/** The task an activation belongs to: its nearest spawned ancestor (DESIGN §1: a task is an
 *  activation chain started concurrently). */
export function taskOf<A extends LockOwner>(act: A | undefined): A | undefined {
  let task = act;
  while (task && task.parent && !task.spawned) task = task.parent as A;
  return task;
}

export class LockTable<A extends LockOwner> {
  /** lock → the activations holding it (several for a semaphore). */
  private readonly holders = new Map<number, A[]>();
  /** Outstanding lock requests: activation → lock. */
  private readonly requests = new Map<A, number>();
  /** Requests made while the lock was taken: they wait in the lock's own queue until it grants
   *  them (acquired), even after their activation ended (`return m.runExclusive(…)`). */
  private readonly queuedRequests = new Set<A>();
  /** The tasks holding `lock` (a hang's story names them). */
  holderTasks(lock: number): number[] {
    return [...new Set((this.holders.get(lock) ?? []).map((holder) => taskOf(holder)!.id))];
  }

  holderCount(lock: number): number {
    return this.holders.get(lock)?.length ?? 0;
  }

  /** The lock `act` asked for and has not got yet. */
  requestOf(act: A): number | undefined {
    return this.requests.get(act);
  }

  requested(act: A, lock: number): void {
    this.requests.set(act, lock);
  }

  /** The activation resumed or was dropped: a request it did not report as acquired is over. */
  forget(act: A): void {
    this.requests.delete(act);
    this.queuedRequests.delete(act);
  }

  /** `act`'s request waits in the lock's own queue until the lock grants it. */
  queued(act: A): void {
    this.queuedRequests.add(act);
  }

  /** The lock granted `act`'s request (the library's acquire resolved, runExclusive called the
   *  callback). */
  acquired(act: A | undefined, lock: number): void {
    if (act && this.requests.get(act) === lock) {
      this.requests.delete(act);
      this.queuedRequests.delete(act);
    }
    const list = this.holders.get(lock) ?? [];
    if (act) list.push(act);
    this.holders.set(lock, list);
  }

  released(act: A | undefined, lock: number): void {
    const list = this.holders.get(lock);
    if (!list?.length) return;
    const task = taskOf(act);
    let index = list.indexOf(act as A);
    if (index < 0) index = list.findIndex((holder) => taskOf(holder) === task);
    list.splice(index < 0 ? 0 : index, 1);
  }

  /** The wait-for cycle of the lock requests over tasks, if there is one. `waiting`: the
   *  activations parked at an acquire (their request stands whatever they did since: `return
   *  m.runExclusive(…)` ends the activation at once); `siteOf`: where a request waits. */
  waitForCycle(waiting: Set<A>, siteOf: (act: A, lock: number) => number | undefined): WaitForEdge[] | undefined {
    const edges = new Map<number, WaitForEdge[]>();
    for (const [act, lock] of this.requests) {
      // Other requests of ended activations are stale.
      if (act.exited && !waiting.has(act) && !this.queuedRequests.has(act)) continue;
      const task = taskOf(act)!;
      const site = siteOf(act, lock);
      for (const holder of this.holders.get(lock) ?? []) {
        const list = edges.get(task.id) ?? [];
        list.push({ t: task.id, a: act.id, ...(site === undefined ? {} : { s: site }), lock, holder: taskOf(holder)!.id });
        edges.set(task.id, list);
      }
    }
    // Depth-first search for a cycle over tasks.
    const state = new Map<number, 'open' | 'done'>();
    const path: WaitForEdge[] = [];
    const visit = (task: number): WaitForEdge[] | undefined => {
      state.set(task, 'open');
      for (const edge of edges.get(task) ?? []) {
        const next = state.get(edge.holder);
        path.push(edge);
        if (next === 'open') return path.slice(path.findIndex((e) => e.t === edge.holder));
        if (next === undefined) {
          const found = visit(edge.holder);
          if (found) return found;
        }
        path.pop();
      }
      state.set(task, 'done');
      return undefined;
    };
    for (const task of edges.keys()) {
      if (state.has(task)) continue;
      const found = visit(task);
      if (found) return found;
    }
    return undefined;
  }
}
