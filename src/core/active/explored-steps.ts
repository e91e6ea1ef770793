// What a systematic run tells the search (active/systematic.ts) about each step of a process: the
// candidate it ran, the candidates it could have run, and the shared locations the step touched
// (the recorded accesses of DESIGN §2 — fields, module variables, collection contents, files,
// directories, ports — and lock operations), for the dependence check of the reduction.
import type { FieldEvent, LockEvent } from '../runtime/trace-events.js';

export interface ExploredStep {
  /** The candidate released (`<activation>@<site>`, `c<registration>.<firing>@<site>`). */
  key: string;
  /** Every candidate in park order, when there was a choice (index 0: Node's own). */
  candidates?: string[];
  /** Locations read and written (`<object>|<property>`; `lock:<id>`; a read-modify-write writes). */
  reads: string[];
  writes: string[];
}

/** The outside world as one location: files, directories and ports change under a step without
 *  a recorded access of it — an I/O completion (a callback Node runs: its key starts with `c`)
 *  means the system did something (a port bound or freed, a file written), and what a step that
 *  touches a resource sees depends on whether that happened first. So every callback step and
 *  every step that touches a resource (object 0) writes it: I/O is never reordered as
 *  independent (coarse, never unsound). */
export const WORLD = 'world';

/** The event loop's ordered queues as one location: a step that queues a timer, an immediate or
 *  an emitter's listener (a QueueEvent) writes it, and so does every callback's step (a timer's
 *  moves the timers' virtual clock, which places the timers and immediates queued after it).
 *  Two steps that each queue a setImmediate touch no shared field, yet swapping them swaps their
 *  callbacks — FIFO, as Node runs them (trial 19's p2d: the search called 1 preemption exhausted
 *  while a 1-preemption failure existed). Coarse: one location for every queue, never unsound. */
export const LOOP = 'loop';

/** A step as the sched event names it, before its accesses. */
export function stepOf(key: string, candidates?: string[]): ExploredStep {
  return { key, ...(candidates ? { candidates } : {}), reads: [], writes: key.startsWith('c') ? [WORLD, LOOP] : [] };
}

/** The step queued a callback in one of the loop's ordered queues (a QueueEvent). */
export function queuedBy(step: ExploredStep): void {
  add(step.writes, LOOP);
}

/** Adds one recorded access to the step. A collection's element key is left out: two accesses of
 *  one collection always count as the same location (coarser than needed, never unsound). */
export function accessOf(step: ExploredStep, event: FieldEvent | LockEvent): void {
  if (event.e === 'lk') return add(step.writes, `lock:${event.lock}`);
  const location = `${event.obj}|${event.k}`;
  add(event.e === 'rd' ? step.reads : step.writes, location);
  if (event.obj === 0) add(step.writes, WORLD);
}

function add(list: string[], location: string): void {
  if (!list.includes(location)) list.push(location);
}

/** Two steps are dependent when they touch one location and one of them writes it (a lock
 *  operation writes its lock). */
export function dependent(a: ExploredStep, b: ExploredStep): boolean {
  for (const w of a.writes) if (b.writes.includes(w) || b.reads.includes(w)) return true;
  for (const w of b.writes) if (a.reads.includes(w)) return true;
  return false;
}
