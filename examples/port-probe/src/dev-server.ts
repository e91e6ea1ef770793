import { createServer, type Server } from 'node:net';

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => {
      server.off('listening', onListening);
      reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/** Probes `port` by listening on it and closing again. */
export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  const probe = createServer();
  try {
    await listen(probe, port, host);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
    throw e;
  } finally {
    await close(probe);
  }
}

/**
 * get-port-style: the first port from `base` on that is free right now. Nothing keeps it free:
 * between this answer and the caller's listen(), another caller can get the same answer.
 */
export async function findFreePort(base: number, host = '127.0.0.1', attempts = 10): Promise<number> {
  for (let port = base; port < base + attempts; port++) {
    if (await isPortFree(port, host)) return port;
  }
  throw new Error(`no free port in ${base}-${base + attempts - 1}`);
}

/** A tiny dev server: answers every connection with its name, on the first free port from `basePort`. */
export class DevServer {
  private server: Server | null = null;
  private banner = '';
  port = 0;

  constructor(
    readonly name: string,
    private readonly basePort: number,
    private readonly host = '127.0.0.1',
  ) {}

  /** Stands for the work a dev server does before it opens its port (reading routes, bundling). */
  private async prepare(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.banner = `${this.name}\n`;
  }

  async start(): Promise<number> {
    await this.prepare();
    const port = await findFreePort(this.basePort, this.host);
    const server = createServer((socket) => socket.end(this.banner));
    await listen(server, port, this.host);
    this.server = server;
    this.port = port;
    return port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.port = 0;
    if (server) await close(server);
  }
}
