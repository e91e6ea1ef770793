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

  /**
   * Starts the read at once, but attaches its own 'loaded' listener in the next turn (after the
   * caller had a chance to add its listeners first). A read that completes before that turn
   * announces 'loaded' to nobody, and the promise never resolves.
   */
  start(config: PluginConfig): Promise<string> {
    return new Promise((resolve, reject) => {
      fs.readFile(config.file, 'utf8', (err, text) => {
        if (err) return reject(err);
        config.data = JSON.parse(text) as Record<string, unknown>;
        config.emit('loaded', config.data);
      });
      setImmediate(() => {
        config.once('loaded', (data: Record<string, unknown>) => {
          this.started.push(String(data.name));
          resolve(String(data.name));
        });
      });
    });
  }
}
