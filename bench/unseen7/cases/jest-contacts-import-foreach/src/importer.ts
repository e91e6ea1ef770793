import type { Contact, ContactsDb } from './db';

export interface CsvRow {
  [column: string]: string;
}

export interface ImportStats {
  imported: number;
  rejected: number;
  errors: string[];
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i;

/** Parses a small CSV file with a header line (no quoted commas). */
export function parseCsv(text: string): CsvRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return [];
  const header = lines[0].split(',').map((h) => h.trim().toLowerCase());
  return lines.slice(1).map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(header.map((h, i) => [h, (cells[i] ?? '').trim()]));
  });
}

/** A row as a contact, or the reason it is refused. */
export function normalize(row: CsvRow, line: number): Contact | string {
  const email = (row.email ?? '').toLowerCase();
  if (!EMAIL.test(email)) return `line ${line}: bad email "${row.email ?? ''}"`;
  const name = row.name || email.split('@')[0];
  return row.company ? { email, name, company: row.company } : { email, name };
}

export interface Importer {
  importRows: (listId: string, rows: CsvRow[]) => Promise<ImportStats>;
  readonly rowsSeen: number;
}

/** Stores the valid rows of an upload in a list and counts what it refused. */
export function createImporter(db: ContactsDb): Importer {
  let rowsSeen = 0;

  const importRows = async (listId: string, rows: CsvRow[]): Promise<ImportStats> => {
    const stats: ImportStats = { imported: 0, rejected: 0, errors: [] };
    rows.forEach(async (row, i) => {
      rowsSeen++;
      const contact = normalize(row, i + 2);
      if (typeof contact === 'string') {
        stats.rejected++;
        stats.errors.push(contact);
        return;
      }
      await db.upsertContact(listId, contact);
      stats.imported++;
    });
    return stats;
  };

  return {
    importRows,
    get rowsSeen() {
      return rowsSeen;
    },
  };
}
