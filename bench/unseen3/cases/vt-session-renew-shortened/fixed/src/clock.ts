export interface Clock {
  now(): number;
}

/** A clock the tests move by hand. */
export class ManualClock implements Clock {
  constructor(private t = 0) {}

  now(): number {
    return this.t;
  }

  advance(ms: number): void {
    this.t += ms;
  }
}
