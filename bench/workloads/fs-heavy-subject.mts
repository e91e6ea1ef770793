// An fs-heavy subject: every call makes several file-system calls (sync, callback-free promises)
// and reads a Map, so a traced run records resource and collection events on each.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class Spool {
  sizes = new Map<string, number>();
  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  put(name: string, text: string): number {
    const file = join(this.dir, name);
    writeFileSync(file, text);
    const size = statSync(file).size;
    this.sizes.set(name, size);
    return readFileSync(file, 'utf8').length + (this.sizes.get(name) ?? 0);
  }

  async putAsync(name: string, text: string): Promise<number> {
    const file = join(this.dir, name);
    await writeFile(file, text);
    const { size } = await stat(file);
    this.sizes.set(name, size);
    return (await readFile(file)).length;
  }

  drain(): number {
    const names = readdirSync(this.dir);
    for (const name of names) unlinkSync(join(this.dir, name));
    return names.length;
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
