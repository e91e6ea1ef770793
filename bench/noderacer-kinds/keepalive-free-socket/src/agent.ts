import net from 'node:net';

/** A kept-alive connection: the socket, and the timer that closes it while it sits free. */
interface Connection {
  socket: net.Socket;
  idle?: NodeJS.Timeout;
}

/** A keep-alive agent (agentkeepalive's kind): one line out, one line back per request; a socket
 *  a request released waits in the free list for the next one, and is destroyed once it sat free
 *  for `freeSocketTimeout` ms. */
export class KeepAliveAgent {
  readonly free: Connection[] = [];
  created = 0;

  constructor(private readonly port: number, private readonly freeSocketTimeout = 30) {}

  async request(line: string): Promise<string> {
    const connection = this.free.pop() ?? (await this.connect());
    const reply = await this.exchange(connection.socket, line);
    this.release(connection);
    return reply;
  }

  private connect(): Promise<Connection> {
    this.created++;
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.port, '127.0.0.1', () => resolve({ socket }));
      // Before the connection: the request fails; after it, an error ends in 'close'.
      socket.on('error', reject);
    });
  }

  private exchange(socket: net.Socket, line: string): Promise<string> {
    return new Promise((resolve, reject) => {
      if (socket.destroyed) return reject(new Error('socket destroyed'));
      const onClose = () => reject(new Error('socket closed during the request'));
      socket.once('close', onClose);
      socket.once('data', (chunk) => {
        socket.off('close', onClose);
        resolve(String(chunk).trim());
      });
      socket.write(`${line}\n`);
    });
  }

  private release(connection: Connection): void {
    this.free.push(connection);
    connection.idle = setTimeout(() => {
      const at = this.free.indexOf(connection);
      if (at >= 0) this.free.splice(at, 1);
      connection.socket.destroy();
    }, this.freeSocketTimeout);
  }

  close(): void {
    for (const connection of this.free.splice(0)) {
      clearTimeout(connection.idle);
      connection.socket.destroy();
    }
  }
}
