/** A promise with its settle functions, for code that resolves it from elsewhere. */
export class Deferred<T> {
  readonly promise: Promise<T>;
  private settled = false;
  private resolveFn!: (value: T) => void;
  private rejectFn!: (reason: unknown) => void;

  constructor() {
    this.promise = new Promise<T>((resolve, reject) => {
      this.resolveFn = resolve;
      this.rejectFn = reject;
    });
  }

  get isSettled(): boolean {
    return this.settled;
  }

  resolve(value: T): void {
    if (this.settled) return;
    this.settled = true;
    this.resolveFn(value);
  }

  reject(reason: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.rejectFn(reason);
  }
}

/**
 * Holds callers back until a resource is ready. open() lets everyone through; reset() closes the gate
 * again, so callers arriving after it wait for the next open().
 */
export class ReadyGate {
  private current = new Deferred<void>();
  private generation = 0;

  get isOpen(): boolean {
    return this.current.isSettled;
  }

  get opens(): number {
    return this.generation;
  }

  wait(): Promise<void> {
    return this.current.promise;
  }

  open(): void {
    if (this.current.isSettled) return;
    this.generation++;
    this.current.resolve();
  }

  reset(): void {
    this.current = new Deferred<void>();
  }
}
