import { open, readFile } from 'node:fs/promises';

export interface Report {
  title: string;
  rows: string[];
}

export class CorruptReportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CorruptReportError';
  }
}

/** The file format: a JSON header line `{"title","rows"}`, then one line per row. */
export function formatReport(report: Report): { header: string; body: string } {
  return {
    header: `${JSON.stringify({ title: report.title, rows: report.rows.length })}\n`,
    body: report.rows.map((row) => `${row}\n`).join(''),
  };
}

export function parseReport(text: string): Report {
  if (text === '') throw new CorruptReportError('empty report file');
  if (!text.endsWith('\n')) throw new CorruptReportError('report file ends mid-line');
  const [first, ...rest] = text.slice(0, -1).split('\n');
  const header = JSON.parse(first) as { title: string; rows: number };
  const rows = header.rows === 0 && rest.length === 0 ? [] : rest;
  if (rows.length !== header.rows) throw new CorruptReportError(`header says ${header.rows} rows, file has ${rows.length}`);
  return { title: header.title, rows };
}

/** A report kept in one file; a dashboard reloads it while a job rewrites it. */
export class ReportFile {
  constructor(readonly path: string) {}

  /**
   * Rewrites the file in place: open truncates it, then the header and the body are written by
   * two awaited writes. A reader in between sees an empty file or a header without its rows.
   */
  async save(report: Report): Promise<void> {
    const { header, body } = formatReport(report);
    const handle = await open(this.path, 'w');
    try {
      await handle.write(header);
      await handle.write(body);
    } finally {
      await handle.close();
    }
  }

  async load(): Promise<Report> {
    return parseReport(await readFile(this.path, 'utf8'));
  }
}
