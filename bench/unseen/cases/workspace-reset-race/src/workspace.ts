import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outputName, sanitize, transform } from './transform.ts';

export class BuildWorkspace {
  builds = 0;

  constructor(private readonly root: string) {}

  dirFor(project: string): string {
    return join(this.root, sanitize(project));
  }

  async reset(project: string): Promise<string> {
    const dir = this.dirFor(project);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  }

  async build(project: string, files: Record<string, string>): Promise<string[]> {
    const dir = await this.reset(project);
    for (const [name, source] of Object.entries(files)) await writeFile(join(dir, outputName(name)), transform(source));
    this.builds++;
    return (await readdir(dir)).sort();
  }

  async output(project: string, file: string): Promise<string> {
    return readFile(join(this.dirFor(project), outputName(file)), 'utf8');
  }
}
