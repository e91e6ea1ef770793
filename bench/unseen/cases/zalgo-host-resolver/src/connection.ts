import { EventEmitter } from 'node:events';
import type { HostResolver } from './host-resolver.ts';

export type State = 'idle' | 'resolving' | 'open' | 'failed';

export function parseTarget(target: string): { host: string; port: number } {
  const [host, port = '80'] = target.split(':');
  return { host, port: Number(port) };
}

export class Connection extends EventEmitter {
  state: State = 'idle';
  address: string | undefined;
  readonly host: string;
  readonly port: number;

  constructor(
    private readonly resolver: HostResolver,
    target: string,
  ) {
    super();
    ({ host: this.host, port: this.port } = parseTarget(target));
  }

  open(): Promise<this> {
    return new Promise((resolve, reject) => {
      this.resolver.lookup(this.host, (err, address) => {
        if (err) {
          this.state = 'failed';
          return reject(err);
        }
        this.address = address;
        this.state = 'open';
        this.emit('open', `${address}:${this.port}`);
        resolve(this);
      });
      this.state = 'resolving';
    });
  }

  describe(): string {
    return `${this.host}:${this.port} ${this.state}${this.address ? ` (${this.address})` : ''}`;
  }
}
