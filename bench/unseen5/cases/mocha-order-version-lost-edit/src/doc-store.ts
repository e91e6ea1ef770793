// A fake document database: documents carry a version; every call is a round trip with a
// random latency, and documents are copied in and out as a driver would (JSON).

export interface Versioned<T> {
  doc: T;
  version: number;
}

const roundTrip = () => new Promise<void>((r) => setTimeout(r, 0.5 + Math.random() * 3));
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v));

export class DocStore<T> {
  private readonly docs = new Map<string, Versioned<T>>();
  writes = 0;

  async insert(id: string, doc: T): Promise<void> {
    await roundTrip();
    if (this.docs.has(id)) throw new Error(`${id} exists`);
    this.docs.set(id, { doc: copy(doc), version: 1 });
  }

  async get(id: string): Promise<Versioned<T> | undefined> {
    await roundTrip();
    const found = this.docs.get(id);
    return found && copy(found);
  }

  /** Unconditional replace. */
  async put(id: string, doc: T, version: number): Promise<void> {
    await roundTrip();
    this.writes++;
    this.docs.set(id, { doc: copy(doc), version });
  }

  /** Replace only if the stored version is still `expected` (one round trip, like a conditional write). */
  async putIfVersion(id: string, doc: T, expected: number): Promise<boolean> {
    await roundTrip();
    const current = this.docs.get(id);
    if (!current || current.version !== expected) return false;
    this.writes++;
    this.docs.set(id, { doc: copy(doc), version: expected + 1 });
    return true;
  }
}

export class ConflictError extends Error {
  constructor(readonly id: string, readonly expected: number, readonly actual: number | undefined) {
    super(`version conflict on ${id}: expected ${expected}, found ${actual}`);
  }
}

/** Optimistic concurrency on top of the store: a save names the version it was based on. */
export class VersionedRepo<T> {
  constructor(private readonly store: DocStore<T>) {}

  create(id: string, doc: T): Promise<void> {
    return this.store.insert(id, doc);
  }

  async load(id: string): Promise<Versioned<T>> {
    const found = await this.store.get(id);
    if (!found) throw new Error(`${id} not found`);
    return found;
  }

  /** Saves `doc` as the successor of `basedOn`; a ConflictError if someone saved in between. */
  async save(id: string, doc: T, basedOn: number): Promise<number> {
    const current = await this.store.get(id);
    if (!current || current.version !== basedOn) throw new ConflictError(id, basedOn, current?.version);
    await this.store.put(id, doc, basedOn + 1);
    return basedOn + 1;
  }
}
