import { parallelLimit, queue, type QueueObject } from 'async';
import { FakeSmtp } from './smtp';

export interface Mail {
  to: string;
  template: string;
  name: string;
}

export class MailOutbox {
  private readonly q: QueueObject<Mail>;
  readonly sent: string[] = [];
  readonly bounced: string[] = [];
  rendering = 0;
  maxRendering = 0;

  constructor(private readonly smtp: FakeSmtp, concurrency = 2) {
    this.q = queue<Mail>(async (mail: Mail) => {
      const body = await this.render(mail);
      const receipt = await this.smtp.send(mail.to, body);
      this.sent.push(mail.to);
      return receipt;
    }, concurrency);
  }

  /** Queues a mail; resolves with the SMTP receipt, rejects if it bounced. */
  async enqueue(mail: Mail): Promise<string> {
    try {
      return (await this.q.pushAsync(mail)) as unknown as string;
    } catch (error) {
      this.bounced.push(mail.to);
      throw error;
    }
  }

  /** Resolves once every queued mail has been handled. */
  async flush(): Promise<void> {
    if (this.q.idle()) return;
    await this.q.drain();
  }

  status(): { waiting: number; sending: number } {
    return { waiting: this.q.length(), sending: this.q.running() };
  }

  /** Renders a batch of previews, two at a time, results in order. */
  previews(mails: Mail[]): Promise<string[]> {
    return parallelLimit(
      mails.map((m) => async () => this.render(m)),
      2,
    ) as Promise<string[]>;
  }

  private async render(mail: Mail): Promise<string> {
    this.rendering++;
    this.maxRendering = Math.max(this.maxRendering, this.rendering);
    try {
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 1));
      return mail.template.replace('{name}', mail.name);
    } finally {
      this.rendering--;
    }
  }
}
