/**
 * Runs the registered closers once, last registered first, one after another. The first call
 * records its promise synchronously, so every later or concurrent call shares it.
 */
export class Shutdown {
  private readonly closers: Array<{ name: string; close: () => Promise<void> }> = [];
  private running?: Promise<string[]>;
  readonly closed: string[] = [];

  register(name: string, close: () => Promise<void>): void {
    if (this.running) throw new Error(`cannot register ${name}: shutting down`);
    this.closers.push({ name, close });
  }

  run(): Promise<string[]> {
    this.running ??= this.closeAll();
    return this.running;
  }

  private async closeAll(): Promise<string[]> {
    for (const { name, close } of [...this.closers].reverse()) {
      await close();
      this.closed.push(name);
    }
    return this.closed;
  }
}
