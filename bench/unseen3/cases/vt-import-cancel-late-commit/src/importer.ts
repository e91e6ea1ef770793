import { CancelToken } from './cancel';

export interface Contact {
  name: string;
  email: string;
}

/** The address book: a commit is visible at once and made durable in the background. */
export class ContactStore {
  readonly rows: Contact[] = [];
  commits = 0;

  commit(contacts: Contact[]): Promise<void> {
    this.commits++;
    this.rows.push(...contacts);
    return new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 2)));
  }
}

/** Checks addresses against the mail provider (MX lookup and bounce list). */
export class EmailValidator {
  checks = 0;

  async valid(emails: string[]): Promise<boolean[]> {
    this.checks++;
    await new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(Math.random() * 4)));
    return emails.map((e) => /^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(e) && !e.endsWith('.invalid'));
  }
}

export function parseLine(line: string): Contact {
  const [name = '', email = ''] = line.split(',').map((s) => s.trim());
  return { name, email: email.toLowerCase() };
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export class ContactImporter {
  constructor(
    private readonly store: ContactStore,
    private readonly validator: EmailValidator,
    private readonly batchSize = 3,
  ) {}

  async import(lines: string[], token: CancelToken): Promise<{ imported: number; rejected: number }> {
    let imported = 0;
    let rejected = 0;
    for (const batch of chunk(lines, this.batchSize)) {
      token.throwIfCancelled();
      const contacts = batch.map(parseLine);
      const ok = await this.validator.valid(contacts.map((c) => c.email));
      const good = contacts.filter((_, i) => ok[i]);
      rejected += contacts.length - good.length;
      await this.store.commit(good);
      imported += good.length;
    }
    return { imported, rejected };
  }
}
