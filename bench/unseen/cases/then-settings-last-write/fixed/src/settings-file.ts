import { promises as fsp } from 'node:fs';

export interface Settings {
  theme: 'light' | 'dark';
  fontSize: number;
  recent: string[];
}

export function defaults(): Settings {
  return { theme: 'light', fontSize: 14, recent: [] };
}

export function merge(base: Settings, patch: Partial<Settings>): Settings {
  return { ...base, ...patch, recent: (patch.recent ?? base.recent).slice(0, 10) };
}

export function serialize(settings: Settings): string {
  return `${JSON.stringify(settings, null, 2)}\n${' '.repeat(settings.fontSize * 64)}\n`;
}

export function parse(text: string): Settings {
  return merge(defaults(), JSON.parse(text) as Partial<Settings>);
}

export class SettingsFile {
  private writes: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  load(): Promise<Settings> {
    return fsp.readFile(this.path, 'utf8').then(parse, (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? defaults() : Promise.reject(err)));
  }

  save(settings: Settings): Promise<void> {
    const text = serialize(settings);
    const written = this.writes.then(() => fsp.writeFile(this.path, text));
    this.writes = written.catch(() => undefined);
    return written;
  }

  update(patch: Partial<Settings>): Promise<Settings> {
    return this.load().then((current) => {
      const next = merge(current, patch);
      return this.save(next).then(() => next);
    });
  }
}
