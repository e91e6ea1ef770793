// Task labels (DESIGN §2): an activation with no instrumented caller, or one the recorder saw
// spawned (its caller went on without awaiting it directly), starts a task; every other activation
// belongs to its parent's task. Labels T1, T2, … follow the order in which tasks started.
export class TaskLabeler {
  private readonly parent = new Map<number, number | null>();
  private readonly spawned = new Set<number>();
  private readonly order: number[] = [];

  enter(activation: number, parent: number | null): void {
    this.parent.set(activation, parent);
    this.order.push(activation);
  }

  spawn(activation: number): void {
    this.spawned.add(activation);
  }

  /** Activation → task label, for every activation seen. */
  labels(): Map<number, string> {
    const root = new Map<number, number>();
    const labels = new Map<number, string>();
    const rootLabel = new Map<number, string>();
    for (const activation of this.order) {
      const parent = this.parent.get(activation) ?? null;
      const own = parent === null || this.spawned.has(activation) || !root.has(parent);
      const taskRoot = own ? activation : root.get(parent)!;
      root.set(activation, taskRoot);
      if (!rootLabel.has(taskRoot)) rootLabel.set(taskRoot, `T${rootLabel.size + 1}`);
      labels.set(activation, rootLabel.get(taskRoot)!);
    }
    return labels;
  }
}
