import type { Mailer, Templates } from './services.ts';

export function validateAddress(to: string): string {
  if (!/^[^@\s]+@[^@\s]+$/.test(to)) throw new Error(`bad address ${to}`);
  return to.toLowerCase();
}

export class ReminderService {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly cancelled = new Set<string>();
  private readonly running = new Set<string>();
  readonly sent: string[] = [];

  constructor(
    private readonly mailer: Mailer,
    private readonly templates: Templates,
  ) {}

  schedule(id: string, to: string, delayMs: number): void {
    const address = validateAddress(to);
    this.timers.set(
      id,
      setTimeout(() => void this.deliver(id, address), delayMs),
    );
  }

  cancel(id: string): boolean {
    const timer = this.timers.get(id);
    if (!timer) return false;
    clearTimeout(timer);
    this.timers.delete(id);
    this.cancelled.add(id);
    return true;
  }

  isPending(id: string): boolean {
    return this.timers.has(id) || this.running.has(id);
  }

  async deliver(id: string, to: string): Promise<void> {
    this.running.add(id);
    try {
      const body = await this.templates.render('reminder', { id, to });
      if (this.cancelled.has(id)) return;
      this.timers.delete(id);
      await this.mailer.send(to, body);
      this.sent.push(id);
    } finally {
      this.running.delete(id);
    }
  }

  async drain(): Promise<void> {
    while (this.timers.size > 0 || this.running.size > 0) await new Promise((r) => setTimeout(r, 2));
  }
}
