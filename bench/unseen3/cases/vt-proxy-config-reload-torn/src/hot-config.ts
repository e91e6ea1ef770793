/** A configuration value that can be replaced at run time by reloading it from its source. */
export class HotConfig<T> {
  private current: T;
  version = 1;

  constructor(
    initial: T,
    private readonly source: () => Promise<T>,
  ) {
    this.current = initial;
  }

  get value(): T {
    return this.current;
  }

  async reload(): Promise<number> {
    const next = await this.source();
    this.current = next;
    return ++this.version;
  }
}
