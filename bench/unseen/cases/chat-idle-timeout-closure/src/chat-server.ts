import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseCommand, splitLines } from './protocol.ts';

export interface Session {
  user: string;
  socket: net.Socket;
  idleMs: number;
}

export class ChatServer {
  readonly sessions = new Map<string, Session>();
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((socket) => this.handleConnection(socket));

  constructor(private readonly defaultIdleMs = 1_000) {}

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as AddressInfo).port)));
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  who(): string[] {
    return [...this.sessions.keys()].sort();
  }

  handleConnection(socket: net.Socket): void {
    this.sockets.add(socket);
    let session: Session | undefined;
    let timer: NodeJS.Timeout | undefined;
    let buffered = '';
    const onIdle = () => {
      if (session) this.sessions.delete(session.user);
      socket.end('BYE idle\n');
    };
    const touch = () => {
      clearTimeout(timer);
      timer = setTimeout(onIdle, session?.idleMs ?? this.defaultIdleMs);
    };
    touch();
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const { lines, rest } = splitLines(buffered + chunk);
      buffered = rest;
      for (const line of lines) session = this.command(socket, session, line);
      touch();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      this.sockets.delete(socket);
    });
    socket.on('error', () => socket.destroy());
  }

  command(socket: net.Socket, session: Session | undefined, line: string): Session | undefined {
    const cmd = parseCommand(line, this.defaultIdleMs);
    if (cmd.kind === 'hello') {
      const next = { user: cmd.user, socket, idleMs: cmd.idleMs };
      this.sessions.set(cmd.user, next);
      socket.write(`WELCOME ${cmd.user}\n`);
      return next;
    }
    if (cmd.kind === 'who') socket.write(`USERS ${this.who().join(',')}\n`);
    else if (cmd.kind === 'say' && session) for (const s of this.sessions.values()) s.socket.write(`MSG ${session.user} ${cmd.text}\n`);
    else if (cmd.kind === 'quit') {
      if (session && this.sessions.get(session.user) === session) this.sessions.delete(session.user);
      socket.end('BYE\n');
      return undefined;
    } else if (cmd.kind === 'bad') socket.write('ERR\n');
    return session;
  }
}
