// The CLI writes its JSON (report, discovery) to a temporary file the extension names; the
// extension reads it once and removes it, whatever happened.
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh path in the temp folder for one CLI run's JSON output. */
export function tempJsonPath(name: string): string {
  return join(tmpdir(), `conlens-${name}-${process.pid}-${randomBytes(4).toString('hex')}.json`);
}

/** The file's text, undefined when the CLI wrote none; the file is removed either way. */
export async function takeText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  } finally {
    await rm(file, { force: true });
  }
}
