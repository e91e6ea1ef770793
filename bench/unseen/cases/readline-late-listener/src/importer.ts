import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { splitCsvLine, toRow, type Row } from './csv.ts';
import type { MemoryDb } from './memory-db.ts';

export function tableName(path: string): string {
  return basename(path).replace(/\.csv$/, '').replace(/[^a-z0-9_]/gi, '_');
}

export class CsvImporter {
  constructor(private readonly db: MemoryDb) {}

  async importFile(path: string): Promise<number> {
    const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
    await this.db.open();
    let header: string[] | undefined;
    const rows: Row[] = [];
    lines.on('line', (line) => {
      if (line.trim() === '') return;
      const cells = splitCsvLine(line);
      if (!header) header = cells;
      else rows.push(toRow(header, cells));
    });
    await new Promise<void>((resolve) => lines.once('close', resolve));
    return this.db.insertMany(tableName(path), rows);
  }
}
