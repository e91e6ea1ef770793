/** A stand-in for an isolated evaluator process: one evaluation at a time, may crash. */
export class Sandbox {
  static created = 0;
  readonly id: number;
  busy = false;
  crashed = false;
  evaluations = 0;

  constructor() {
    this.id = ++Sandbox.created;
  }

  /** Evaluates `a+b`-style expressions; `crash` kills the sandbox. */
  async evaluate(code: string, hold?: Promise<void>): Promise<number> {
    if (this.busy) throw new Error(`sandbox ${this.id} leased twice`);
    if (this.crashed) throw new Error(`sandbox ${this.id} is dead`);
    this.busy = true;
    try {
      if (hold) await hold;
      await new Promise<void>((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 4)));
      this.evaluations++;
      if (code === 'crash') {
        this.crashed = true;
        throw new Error('sandbox crashed');
      }
      return code.split('+').reduce((sum, term) => sum + Number(term.trim()), 0);
    } finally {
      this.busy = false;
    }
  }
}

export class QuotaExceeded extends Error {
  constructor(readonly user: string) {
    super(`${user} has no evaluations left`);
    this.name = 'QuotaExceeded';
  }
}
