import { EventEmitter } from 'node:events';
import fs from 'node:fs';

/** A plugin's configuration: its file, and the data once loaded. Other parts of the app listen
 *  for its 'loaded' event. */
export class PluginConfig extends EventEmitter {
  data: Record<string, unknown> | undefined;

  constructor(readonly file: string) {
    super();
  }
}

/** Starts plugins: reads each one's config file, announces it ('loaded') and resolves with the
 *  plugin's name. */
export class PluginHost {
  readonly started: string[] = [];

  /** Attaches its 'loaded' listener before the read starts, so the event cannot come first. */
  start(config: PluginConfig): Promise<string> {
    return new Promise((resolve, reject) => {
      config.once('loaded', (data: Record<string, unknown>) => {
        this.started.push(String(data.name));
        resolve(String(data.name));
      });
      fs.readFile(config.file, 'utf8', (err, text) => {
        if (err) return reject(err);
        config.data = JSON.parse(text) as Record<string, unknown>;
        config.emit('loaded', config.data);
      });
    });
  }
}
