import { setTimeout as sleep } from 'node:timers/promises';

/** Checks that an address accepts mail (an SMTP probe in real life). */
export class EmailVerifier {
  readonly probed: string[] = [];

  async verify(email: string): Promise<void> {
    this.probed.push(email);
    await sleep(4);
    if (email.endsWith('.invalid')) throw new Error(`${email} does not accept mail`);
  }
}
