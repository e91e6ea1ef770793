// net and http: listen on port 0 and on a given port, EADDRINUSE, connect, ECONNREFUSED, an http
// server and requests to it (request and get, URL and options forms), and the shapes of the
// functions. Port numbers are never printed: they differ per run (several runs go side by side,
// so a "fixed" port is one found free first).
import * as net from 'node:net';
import http from 'node:http';
import { once } from 'node:events';

export function shapes(): unknown[] {
  return [net.connect === net.createConnection, net.Server.prototype.listen.name, net.Server.prototype.listen.length, http.request.name, http.get.length, typeof http.Server.prototype.listen];
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function echo(port: number): Promise<string[]> {
  const out: string[] = [];
  const server = net.createServer((socket) => socket.pipe(socket));
  const returned = server.listen(port, '127.0.0.1', () => out.push('listening callback'));
  out.push(`listen returns the server: ${returned === server}`);
  await once(server, 'listening');
  const second = net.createServer();
  second.listen({ port, host: '127.0.0.1' });
  const [error] = await once(second, 'error');
  out.push(`second listen: ${(error as NodeJS.ErrnoException).code} ${(error as NodeJS.ErrnoException).syscall}`);
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write('ping');
  const [data] = await once(socket, 'data');
  out.push(`echo ${String(data)}`);
  socket.end();
  await new Promise((resolve) => server.close(resolve));
  const refused = net.createConnection({ port, host: '127.0.0.1' });
  const [refusal] = await once(refused, 'error');
  out.push(`after close: ${(refusal as NodeJS.ErrnoException).code}`);
  return out;
}

export async function web(): Promise<string[]> {
  const out: string[] = [];
  const server = http.createServer((request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end(`${request.method} ${request.url}`);
  });
  server.listen(0);
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  const body = async (response: http.IncomingMessage) => {
    let text = '';
    for await (const chunk of response) text += chunk;
    return `${response.statusCode} ${text}`;
  };
  const viaOptions = http.request({ port, host: '127.0.0.1', path: '/a', method: 'POST', agent: false });
  viaOptions.end();
  out.push(`request: ${await body((await once(viaOptions, 'response'))[0] as http.IncomingMessage)}`);
  const viaUrl = http.get(`http://127.0.0.1:${port}/b`, { agent: false });
  out.push(`get: ${await body((await once(viaUrl, 'response'))[0] as http.IncomingMessage)}`);
  const viaUrlObject = http.get(new URL(`http://127.0.0.1:${port}/c?q=1`), { agent: false });
  out.push(`get URL: ${await body((await once(viaUrlObject, 'response'))[0] as http.IncomingMessage)}`);
  await new Promise((resolve) => server.close(resolve));
  return out;
}
