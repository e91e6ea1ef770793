import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class ConflictError extends Error {
  constructor(id: string) {
    super(`draft ${id} already exists`);
    this.name = 'ConflictError';
  }
}

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}

export function render(id: string, author: string, text: string): string {
  return `---\nid: ${id}\nauthor: ${author}\n---\n${text}\n`;
}

export function parse(file: string): { id: string; author: string; text: string } {
  const m = /^---\nid: (.*)\nauthor: (.*)\n---\n([\s\S]*)\n$/.exec(file);
  if (!m) throw new Error('not a draft file');
  return { id: m[1], author: m[2], text: m[3] };
}

export class DraftStore {
  constructor(private readonly dir: string) {}

  private pathFor(id: string): string {
    if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`bad draft id ${id}`);
    return join(this.dir, `${id}.md`);
  }

  async exists(id: string): Promise<boolean> {
    try {
      await access(this.pathFor(id));
      return true;
    } catch {
      return false;
    }
  }

  async create(title: string, author: string, text: string): Promise<string> {
    const id = slugify(title);
    await mkdir(this.dir, { recursive: true });
    if (await this.exists(id)) throw new ConflictError(id);
    await writeFile(this.pathFor(id), render(id, author, text));
    return id;
  }

  async read(id: string) {
    return parse(await readFile(this.pathFor(id), 'utf8'));
  }

  async list(): Promise<string[]> {
    return (await readdir(this.dir)).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
  }
}
