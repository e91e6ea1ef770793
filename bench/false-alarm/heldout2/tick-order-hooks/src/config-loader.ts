import { readFile } from 'node:fs';

export type Config = Record<string, string>;

export function parse(text: string): Config {
  const out: Config = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([\w.]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/**
 * Loads a config file. Inside the fs callback the new config is applied with setImmediate and the
 * listeners are told with setTimeout(0): within an I/O callback Node runs the check phase
 * (setImmediate) before the next timers phase, so a listener always reads the applied config.
 */
export class ConfigLoader {
  current: Config = {};
  readonly events: string[] = [];
  private readonly listeners: Array<(c: Config) => void> = [];

  onLoaded(listener: (c: Config) => void): void {
    this.listeners.push(listener);
  }

  load(file: string): Promise<Config> {
    return new Promise((resolve, reject) => {
      readFile(file, 'utf8', (error, text) => {
        if (error) {
          reject(error);
          return;
        }
        const parsed = parse(text);
        setTimeout(() => {
          this.events.push(`notify ${file}`);
          for (const l of this.listeners) l(this.current);
          resolve(this.current);
        }, 0);
        setImmediate(() => {
          this.events.push(`apply ${file}`);
          this.current = parsed;
        });
      });
    });
  }
}
