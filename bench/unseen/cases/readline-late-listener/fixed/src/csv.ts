export type Row = Record<string, string>;

export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

export function toRow(header: string[], cells: string[]): Row {
  const row: Row = {};
  header.forEach((key, i) => (row[key] = cells[i] ?? ''));
  return row;
}
