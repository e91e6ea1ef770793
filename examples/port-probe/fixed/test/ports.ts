import { connect } from 'node:net';

/** A base port per test process, so parallel runs do not probe each other's ports. */
export const BASE_PORT = Number(process.env.PORT_BASE ?? 20000 + (process.pid % 800) * 50);

/** Connects to 127.0.0.1:port and returns what the server sends before it closes. */
export function fetchBanner(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
