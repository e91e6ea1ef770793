import { appendFile, readFile, rename, writeFile } from 'node:fs/promises';

export type Value = string | number | boolean | null;

export function encode(key: string, value: Value | undefined): string {
  return JSON.stringify(value === undefined ? { k: key, del: true } : { k: key, v: value }) + '\n';
}

/** Rebuilds the live entries from the log's lines; the last line of a key wins. */
export function replay(text: string): Map<string, Value> {
  const live = new Map<string, Value>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as { k: string; v?: Value; del?: boolean };
    if (entry.del) live.delete(entry.k);
    else live.set(entry.k, entry.v as Value);
  }
  return live;
}

/**
 * A key-value store kept in memory and persisted as an append-only log file. compact()
 * rewrites the log with one line per live key so that it does not grow forever.
 */
export class LogStore {
  private readonly data: Map<string, Value>;
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    readonly file: string,
    data: Map<string, Value>,
  ) {
    this.data = data;
  }

  static async open(file: string): Promise<LogStore> {
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return new LogStore(file, replay(text));
  }

  get(key: string): Value | undefined {
    return this.data.get(key);
  }

  set(key: string, value: Value): Promise<void> {
    this.data.set(key, value);
    return this.append(encode(key, value));
  }

  delete(key: string): Promise<void> {
    this.data.delete(key);
    return this.append(encode(key, undefined));
  }

  private append(line: string): Promise<void> {
    this.writes = this.writes.then(() => appendFile(this.file, line));
    return this.writes;
  }

  compact(): Promise<number> {
    const run = this.writes.then(() => this.rewrite());
    this.writes = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async rewrite(): Promise<number> {
    const live = replay(await readFile(this.file, 'utf8'));
    const tmp = `${this.file}.compact`;
    await writeFile(tmp, [...live].map(([k, v]) => encode(k, v)).join(''));
    await rename(tmp, this.file);
    return live.size;
  }
}
