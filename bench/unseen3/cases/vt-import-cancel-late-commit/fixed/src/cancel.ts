export class CancelledError extends Error {
  constructor(reason: string) {
    super(`import cancelled: ${reason}`);
    this.name = 'CancelledError';
  }
}

/** Handed to a long-running operation so that the user can stop it. */
export class CancelToken {
  private reason: string | null = null;

  cancel(reason = 'cancelled by user'): void {
    if (this.reason === null) this.reason = reason;
  }

  get isCancelled(): boolean {
    return this.reason !== null;
  }

  throwIfCancelled(): void {
    if (this.reason !== null) throw new CancelledError(this.reason);
  }
}
