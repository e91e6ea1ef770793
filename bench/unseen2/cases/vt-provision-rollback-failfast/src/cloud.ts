export type Kind = 'bucket' | 'database' | 'queue' | 'cache';

export interface Resource {
  id: string;
  kind: Kind;
  project: string;
}

/** A fake cloud API: each kind takes its own time to create; some kinds can be made to fail. */
export class Cloud {
  private readonly live = new Map<string, Resource>();
  private readonly pending = new Set<Promise<unknown>>();
  private nextId = 1;

  constructor(private readonly latency: Record<Kind, number>, private readonly failing: Kind[] = []) {}

  create(kind: Kind, project: string): Promise<Resource> {
    const call = new Promise<Resource>((resolve, reject) => {
      setTimeout(() => {
        if (this.failing.includes(kind)) return reject(new Error(`quota exceeded for ${kind}`));
        const resource = { id: `${kind}-${this.nextId++}`, kind, project };
        this.live.set(resource.id, resource);
        resolve(resource);
      }, this.latency[kind]);
    });
    this.pending.add(call);
    call.then(() => this.pending.delete(call), () => this.pending.delete(call));
    return call;
  }

  remove(id: string): Promise<void> {
    return new Promise((resolve) => setTimeout(() => {
      this.live.delete(id);
      resolve();
    }, 1));
  }

  list(project?: string): Resource[] {
    return [...this.live.values()].filter((r) => project === undefined || r.project === project);
  }

  /** Resolves when no create call is still running. */
  idle(): Promise<void> {
    return this.pending.size === 0 ? Promise.resolve() : Promise.allSettled([...this.pending]).then(() => this.idle());
  }
}
