/** Lets concurrent callers asking for the same key share one load. */
export class Coalescer<T> {
  private readonly flights = new Map<string, Promise<T>>();
  started = 0;

  run(key: string, load: () => Promise<T>): Promise<T> {
    const current = this.flights.get(key);
    if (current) return current;
    this.started++;
    const flight: Promise<T> = load().finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    this.flights.set(key, flight);
    return flight;
  }

  /** Later callers start a new load instead of joining the one in progress. */
  forget(key: string): void {
    this.flights.delete(key);
  }

  get inFlight(): number {
    return this.flights.size;
  }
}
