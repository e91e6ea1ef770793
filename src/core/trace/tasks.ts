// Task labels (DESIGN §2): an activation with no instrumented caller, or one the recorder saw
// spawned (its caller went on without awaiting it directly), starts a task; every other activation
// belongs to its parent's task. Labels T1, T2, … follow the order in which tasks started.
//
// Logical tasks (issue 30; `logical`): the flow an AsyncLocalStorage would carry. A one-shot
// callback's run — a timer, an immediate, an I/O completion, a promise reaction — continues the
// flow that registered it, as the code after an await does. A repeating one — setInterval, an
// emitter listener (`on`, a server's 'request' / 'connection', a socket's 'data') — starts a flow
// per run: each tick, event or incoming request is a piece of work of its own, which can overlap
// the next one. A one-shot callback whose registering flow moved on without it — the registrant
// or a caller of it resumed after the registrant last stopped and before the callback ran — is
// left behind (`leftBehind`): nothing waited for it, so it runs beside that flow, a flow of its
// own (a Promise.race loser's `.then`, a timer nobody cleared: unseen4's vt-deadline).
//
// One flow awaits one call at a time. So a call that begins while a sibling call (same parent, not
// spawned) is suspended runs in another flow of the parent: an inline async callback's, as
// `items.map(async (x) => { await this.send(x); })` makes one per item (trial 15: every `send` of
// a broadcast was one task, and its lost update on the quota file was never a split). It starts a
// task of its own; the first such call stays in the parent's flow.
export class TaskLabeler {
  private readonly parent = new Map<number, number | null>();
  private readonly spawned = new Set<number>();
  private readonly order: number[] = [];
  /** Callback runs that continue their registrant's flow (logical labelling only). */
  private readonly continuing = new Set<number>();
  /** One-shot callback runs their registering flow had moved on from → the registrant. */
  private readonly behind = new Map<number, number>();
  /** Per activation, the step count at its last suspension or end, and at its last resumption. */
  private events = 0;
  private readonly lastStop = new Map<number, number>();
  private readonly lastResume = new Map<number, number>();
  /** Per parent, its calls that have begun and not ended; the suspended ones; calls that began
   *  while a sibling was suspended. */
  private readonly open = new Map<number, Set<number>>();
  private readonly suspended = new Set<number>();
  private readonly overlapping = new Set<number>();

  constructor(private readonly options: { logical?: boolean } = {}) {}

  /** `callback`: for a callback's run, the name of its function (`setTimeout callback (line 4)`). */
  enter(activation: number, parent: number | null, callback?: string): void {
    this.parent.set(activation, parent);
    this.order.push(activation);
    if (this.options.logical && callback !== undefined && !REPEATING.test(callback)) {
      if (parent !== null && this.movedOn(parent)) this.behind.set(activation, parent);
      else this.continuing.add(activation);
    }
    if (parent === null || callback !== undefined) return;
    let siblings = this.open.get(parent);
    if (!siblings) this.open.set(parent, (siblings = new Set()));
    for (const sibling of siblings) {
      if (this.suspended.has(sibling) && !this.spawned.has(sibling)) {
        this.overlapping.add(activation);
        break;
      }
    }
    siblings.add(activation);
  }

  /** An `aw` (suspends), `rs` (resumes), `ex` or `exc` (ends) of an activation. */
  step(kind: 'aw' | 'rs' | 'ex' | 'exc', activation: number): void {
    // A suspended call's next step of any kind resumed it: an await that rejected writes no `rs`,
    // the call goes on to throw (`exc`) or to await again.
    // (Only logical labelling asks movedOn: the other labellers keep no such times.)
    if (this.options.logical) {
      if (this.suspended.has(activation)) this.lastResume.set(activation, ++this.events);
      if (kind !== 'rs') this.lastStop.set(activation, ++this.events);
    }
    if (kind === 'aw') this.suspended.add(activation);
    else {
      this.suspended.delete(activation);
      if (kind !== 'rs') {
        const parent = this.parent.get(activation);
        if (parent !== undefined && parent !== null) this.open.get(parent)?.delete(activation);
      }
    }
  }

  spawn(activation: number): void {
    this.spawned.add(activation);
  }

  /** Whether the flow of `registrant` went on after it last stopped: it, or a caller of it, resumed
   *  since. The registration came before that stop, so a callback run now was not waited for. (Its
   *  last stop, not its first after the registration, which the trace does not mark: a later stop
   *  only narrows the window, so an uncertain case stays in the flow, as before.) */
  private movedOn(registrant: number): boolean {
    const stopped = this.lastStop.get(registrant);
    if (stopped === undefined) return false;
    // Up the flow only: a spawned call's caller never waited for it (a server loop taking the
    // next request has not left the current one's callbacks behind).
    for (let x: number | null = registrant; x !== null; x = this.spawned.has(x) ? null : (this.parent.get(x) ?? null)) {
      if ((this.lastResume.get(x) ?? -1) > stopped) return true;
    }
    return false;
  }

  /** One-shot callback runs left behind by the flow that registered them → their registrant. */
  leftBehind(): ReadonlyMap<number, number> {
    return this.behind;
  }

  /** Activation → task label, for every activation seen. */
  labels(): Map<number, string> {
    const root = new Map<number, number>();
    const labels = new Map<number, string>();
    const rootLabel = new Map<number, string>();
    for (const activation of this.order) {
      const parent = this.parent.get(activation) ?? null;
      const own = parent === null || (this.spawned.has(activation) && !this.continuing.has(activation)) || this.overlapping.has(activation) || !root.has(parent);
      const taskRoot = own ? activation : root.get(parent)!;
      root.set(activation, taskRoot);
      if (!rootLabel.has(taskRoot)) rootLabel.set(taskRoot, `T${rootLabel.size + 1}`);
      labels.set(activation, rootLabel.get(taskRoot)!);
    }
    return labels;
  }
}

/** Callback runs that repeat (recorder declareSite names them `<api> callback (line n)`). */
const REPEATING = /^(setInterval|'[^']*' listener) callback/;

/** The function whose code activation `a` runs: a callback's run (runtime/callbacks.ts) is written
 *  in the function that registered it, so it is named for that function, as an inline callback's
 *  steps are. Undefined for no activation or an unknown one. */
export function writtenIn<F extends { kind: string }>(a: number | null, functionOf: (a: number) => F | undefined, parents: Map<number, number | null>): F | undefined {
  let fn = a === null ? undefined : functionOf(a);
  for (let x = a; fn?.kind === 'callback' && x !== null; ) {
    x = parents.get(x) ?? null;
    if (x === null) break;
    fn = functionOf(x);
  }
  return fn;
}
