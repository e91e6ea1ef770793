export class Cancelled extends Error {
  constructor(reason: string) {
    super(`cancelled: ${reason}`);
    this.name = 'Cancelled';
  }
}

/** Cancellation for a long operation: the operation checks it after every await. */
export class CancelToken {
  private readonly controller = new AbortController();
  reason: string | undefined;

  get cancelled(): boolean {
    return this.reason !== undefined;
  }

  /** Also aborts `signal`, so a wait that takes a signal stops at once. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  cancel(reason: string): void {
    if (this.cancelled) return;
    this.reason = reason;
    this.controller.abort(new Cancelled(reason));
  }

  throwIfCancelled(): void {
    if (this.reason !== undefined) throw new Cancelled(this.reason);
  }
}
