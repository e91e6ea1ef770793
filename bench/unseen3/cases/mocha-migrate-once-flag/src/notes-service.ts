import { once } from './once.cjs';
import type { SchemaDb } from './schema-db.ts';

export interface Migration {
  id: number;
  apply(db: SchemaDb): Promise<void>;
}

export const MIGRATIONS: Migration[] = [
  { id: 1, apply: (db) => db.createTable('notes', ['id', 'title']) },
  { id: 2, apply: (db) => db.addColumn('notes', 'body') },
  { id: 3, apply: (db) => db.addColumn('notes', 'pinned') },
];

/** Applies the migrations in order and returns the schema version reached. */
export async function migrate(db: SchemaDb, migrations: Migration[] = MIGRATIONS): Promise<number> {
  let version = 0;
  for (const m of migrations) {
    await m.apply(db);
    version = m.id;
  }
  return version;
}

export function slug(title: string): string {
  return title
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export class NotesService {
  migrations = 0;
  private readonly ensureSchema: () => Promise<number>;

  constructor(private readonly db: SchemaDb) {
    this.ensureSchema = once(() => {
      this.migrations++;
      return migrate(this.db);
    });
  }

  async create(title: string, body: string): Promise<string> {
    await this.ensureSchema();
    const id = slug(title);
    await this.db.insert('notes', { id, title, body, pinned: false });
    return id;
  }

  async schemaVersion(): Promise<number> {
    return this.ensureSchema();
  }

  health(): { ok: boolean; tables: number } {
    return { ok: true, tables: this.db.tables.size };
  }
}
