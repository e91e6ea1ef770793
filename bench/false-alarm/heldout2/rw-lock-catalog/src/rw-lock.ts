type Waiter = { kind: 'read' | 'write'; grant: () => void };

/**
 * A readers-writer lock: any number of readers together, or one writer alone.
 * A waiting writer blocks readers that arrive after it, so writers are not starved.
 */
export class RWLock {
  private readers = 0;
  private writing = false;
  private readonly queue: Waiter[] = [];

  get activeReaders(): number {
    return this.readers;
  }

  get isWriting(): boolean {
    return this.writing;
  }

  get waiting(): number {
    return this.queue.length;
  }

  read<T>(work: () => Promise<T>): Promise<T> {
    return this.with('read', work);
  }

  write<T>(work: () => Promise<T>): Promise<T> {
    return this.with('write', work);
  }

  private async with<T>(kind: 'read' | 'write', work: () => Promise<T>): Promise<T> {
    await this.acquire(kind);
    try {
      return await work();
    } finally {
      this.release(kind);
    }
  }

  private acquire(kind: 'read' | 'write'): Promise<void> {
    if (this.queue.length === 0 && this.canEnter(kind)) {
      this.enter(kind);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push({ kind, grant: resolve }));
  }

  private canEnter(kind: 'read' | 'write'): boolean {
    return kind === 'read' ? !this.writing : !this.writing && this.readers === 0;
  }

  private enter(kind: 'read' | 'write'): void {
    if (kind === 'read') this.readers++;
    else this.writing = true;
  }

  private release(kind: 'read' | 'write'): void {
    if (kind === 'read') this.readers--;
    else this.writing = false;
    // Let in the head of the queue: one writer, or every reader up to the next writer.
    while (this.queue.length > 0 && this.canEnter(this.queue[0].kind)) {
      const next = this.queue.shift()!;
      this.enter(next.kind);
      next.grant();
      if (next.kind === 'write') break;
    }
  }
}
