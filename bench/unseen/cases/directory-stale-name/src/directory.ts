import type { EmailVerifier } from './verifier.ts';

export interface Card {
  id: string;
  name: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function displayName(first: string, last: string): string {
  return `${first.trim()} ${last.trim()}`.trim();
}

export class Directory {
  private readonly names = new Map<string, string>();
  private readonly emails = new Map<string, string>();
  private readonly byEmail = new Map<string, Card>();

  constructor(private readonly verifier: EmailVerifier) {}

  add(id: string, name: string, email: string): void {
    const address = normalizeEmail(email);
    this.names.set(id, name);
    this.emails.set(id, address);
    this.byEmail.set(address, { id, name });
  }

  rename(id: string, name: string): void {
    if (!this.names.has(id)) throw new Error(`unknown person ${id}`);
    this.names.set(id, name);
    const address = this.emails.get(id);
    if (address) this.byEmail.set(address, { id, name });
  }

  async changeEmail(id: string, email: string): Promise<void> {
    const name = this.names.get(id);
    if (name === undefined) throw new Error(`unknown person ${id}`);
    const address = normalizeEmail(email);
    await this.verifier.verify(address);
    const old = this.emails.get(id);
    if (old) this.byEmail.delete(old);
    this.emails.set(id, address);
    this.byEmail.set(address, { id, name });
  }

  lookup(email: string): Card | undefined {
    return this.byEmail.get(normalizeEmail(email));
  }

  nameOf(id: string): string | undefined {
    return this.names.get(id);
  }
}
