/**
 * 004 §V-E (SIR "reorder"): set() is expected to be atomic; check() observes a and b and is
 * true only in the two consistent states (a, b) = (0, 0) before set() and (1, -1) after it.
 */
export class SetCheck {
  private a = 0;
  private b = 0;

  /** @atomic */
  async set(): Promise<void> {
    this.a = 1;
    await Promise.resolve(); // context switch between the two writes: (1, 0) is observable
    this.b = -1;
  }

  check(): boolean {
    return (this.a === 0 && this.b === 0) || (this.a === 1 && this.b === -1);
  }
}
