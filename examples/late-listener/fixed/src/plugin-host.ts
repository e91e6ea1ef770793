import { EventEmitter } from 'node:events';
import fs from 'node:fs';

/** A plugin's configuration, read from a JSON file; emits 'loaded' with it when the read is done. */
export class PluginConfig extends EventEmitter {
  data: Record<string, unknown> | undefined;

  constructor(readonly file: string) {
    super();
  }

  load(): void {
    fs.readFile(this.file, 'utf8', (err, text) => {
      if (err) return void this.emit('error', err);
      this.data = JSON.parse(text) as Record<string, unknown>;
      this.emit('loaded', this.data);
    });
  }
}

/** Starts plugins: loads each one's config and resolves with the plugin names once all loaded. */
export class PluginHost {
  readonly started: string[] = [];

  /** Attaches the 'loaded' listener before the load starts, so the event cannot come first. */
  start(config: PluginConfig): Promise<string> {
    return new Promise((resolve, reject) => {
      config.once('error', reject);
      config.once('loaded', (data: Record<string, unknown>) => {
        this.started.push(String(data.name));
        resolve(String(data.name));
      });
      config.load();
    });
  }
}
