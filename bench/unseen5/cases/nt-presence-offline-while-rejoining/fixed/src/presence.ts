import { EventEmitter } from 'node:events';
import { connectKV, type PresenceKV } from './kv.ts';

export type Status = 'online' | 'offline';

/** Presence: a user is online while at least one of their sessions is connected. */
export class PresenceService {
  private conn?: Promise<PresenceKV>;

  constructor(private readonly clock: () => number = Date.now) {}

  /** The store connection, opened once; concurrent first callers share the same handshake. */
  private kv(): Promise<PresenceKV> {
    if (!this.conn) this.conn = connectKV();
    return this.conn;
  }

  async connect(user: string, session: string): Promise<void> {
    const kv = await this.kv();
    await kv.sadd(`sessions:${user}`, session);
    await kv.set(`status:${user}`, 'online');
  }

  async disconnect(user: string, session: string): Promise<void> {
    const kv = await this.kv();
    const left = await kv.srem(`sessions:${user}`, session);
    if (left === 0) {
      await kv.set(`lastSeen:${user}`, String(this.clock()));
      // offline only if no session came back meanwhile: the store checks and sets in one step
      await kv.setIfSetEmpty(`status:${user}`, 'offline', `sessions:${user}`);
    }
  }

  async status(user: string): Promise<{ status: Status; sessions: number; lastSeen?: number }> {
    const kv = await this.kv();
    const [status, sessions, lastSeen] = await Promise.all([kv.get(`status:${user}`), kv.scard(`sessions:${user}`), kv.get(`lastSeen:${user}`)]);
    return { status: (status as Status) ?? 'offline', sessions, ...(lastSeen ? { lastSeen: Number(lastSeen) } : {}) };
  }
}

/** A client connection; 'close' is emitted once the transport has shut down. */
export class Socket extends EventEmitter {
  closed = false;

  constructor(readonly user: string, readonly id: string) {
    super();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    setTimeout(() => this.emit('close'), Math.random());
  }
}

/** The websocket gateway: registers sessions on connect, drops them when their socket closes. */
export class Gateway extends EventEmitter {
  constructor(private readonly presence: PresenceService) {
    super();
  }

  async accept(socket: Socket): Promise<void> {
    await this.presence.connect(socket.user, socket.id);
    socket.once('close', () => void this.drop(socket));
    this.emit('joined', socket.user, socket.id);
  }

  private async drop(socket: Socket): Promise<void> {
    await this.presence.disconnect(socket.user, socket.id);
    this.emit('left', socket.user, socket.id);
  }

  /** Resolves when the session's close has been fully handled. */
  left(socket: Socket): Promise<void> {
    return new Promise((resolve) => {
      const onLeft = (_user: string, id: string) => {
        if (id !== socket.id) return;
        this.off('left', onLeft);
        resolve();
      };
      this.on('left', onLeft);
    });
  }
}
