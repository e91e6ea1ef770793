import net from 'node:net';

/** A line-based test client: `expect(prefix)` resolves with the next line starting with prefix. */
export class Client {
  readonly socket: net.Socket;
  readonly lines: string[] = [];
  readonly closed: Promise<void>;
  private waiters: Array<{ prefix: string; resolve: (line: string) => void }> = [];

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setEncoding('utf8');
    let buffered = '';
    this.socket.on('data', (chunk: string) => {
      buffered += chunk;
      let i;
      while ((i = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, i);
        buffered = buffered.slice(i + 1);
        this.lines.push(line);
        const w = this.waiters.find((x) => line.startsWith(x.prefix));
        if (w) {
          this.waiters = this.waiters.filter((x) => x !== w);
          w.resolve(line);
        }
      }
    });
    this.closed = new Promise((resolve) => this.socket.on('close', () => resolve()));
  }

  send(line: string): void {
    this.socket.write(`${line}\n`);
  }

  expect(prefix: string): Promise<string> {
    const seen = this.lines.find((l) => l.startsWith(prefix));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ prefix, resolve }));
  }
}
