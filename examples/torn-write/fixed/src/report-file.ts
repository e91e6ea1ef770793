import { open, readFile, rename, rm } from 'node:fs/promises';

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

let saves = 0;

/** A report kept in one file; a dashboard reloads it while a job rewrites it. */
export class ReportFile {
  constructor(readonly path: string) {}

  /**
   * Fixed as write-file-atomic does: the header and the body go to a temporary file next to the
   * report, which then replaces it with one rename(). A reader sees the old file or the new one.
   */
  async save(report: Report): Promise<void> {
    const { header, body } = formatReport(report);
    const temp = `${this.path}.${process.pid}.${++saves}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.write(header);
      await handle.write(body);
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, this.path);
    } catch (e) {
      await rm(temp, { force: true });
      throw e;
    }
  }

  async load(): Promise<Report> {
    return parseReport(await readFile(this.path, 'utf8'));
  }
}
