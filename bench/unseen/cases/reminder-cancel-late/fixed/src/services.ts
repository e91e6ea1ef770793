import { setTimeout as sleep } from 'node:timers/promises';

export class Templates {
  async render(name: string, vars: Record<string, string>): Promise<string> {
    await sleep(10);
    return `${name}: ${Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`;
  }
}

export class Mailer {
  readonly outbox: Array<{ to: string; body: string }> = [];

  async send(to: string, body: string): Promise<void> {
    await sleep(1);
    this.outbox.push({ to, body });
  }
}
