export type Reply = string | null;
export type ReplyCallback = (err: Error | null, reply?: Reply) => void;

const rand = (max: number) => Math.floor(Math.random() * (max + 1));

/** A fake Redis server: a key space, and connections that speak one command at a time. */
export class FakeRedisServer {
  private readonly data = new Map<string, string>();
  connectionsOpened = 0;
  pings = 0;
  protocolErrors = 0;

  connect(cb: (err: Error | null, conn?: RedisConnection) => void): void {
    setTimeout(() => cb(null, new RedisConnection(this, ++this.connectionsOpened)), 1 + rand(1));
  }

  execute(command: string[]): Reply {
    const [name, key, value] = command;
    switch (name) {
      case 'PING':
        this.pings++;
        return 'PONG';
      case 'GET':
        return this.data.get(key) ?? null;
      case 'SET':
        this.data.set(key, value);
        return 'OK';
      case 'INCR': {
        const next = Number(this.data.get(key) ?? '0') + 1;
        this.data.set(key, String(next));
        return String(next);
      }
      case 'DEL':
        return this.data.delete(key) ? '1' : '0';
      default:
        throw new Error(`ERR unknown command ${name}`);
    }
  }
}

/**
 * One connection. The protocol has no request ids: a reply belongs to the one command in flight,
 * so a second command sent before the reply is a protocol error that kills the connection.
 */
export class RedisConnection {
  private busy = false;
  closed = false;
  commands = 0;

  constructor(private readonly server: FakeRedisServer, readonly id: number) {}

  send(command: string[], cb: ReplyCallback): void {
    if (this.closed) {
      process.nextTick(cb, new Error(`connection ${this.id} is closed`));
      return;
    }
    if (this.busy) {
      this.server.protocolErrors++;
      this.closed = true;
      process.nextTick(cb, new Error(`ERR protocol error on connection ${this.id}: ${command[0]} sent while a reply is pending`));
      return;
    }
    this.busy = true;
    this.commands++;
    setTimeout(() => {
      this.busy = false;
      if (this.closed) return cb(new Error(`connection ${this.id} closed before the reply`));
      try {
        cb(null, this.server.execute(command));
      } catch (err) {
        cb(err as Error);
      }
    }, 1 + rand(2));
  }

  close(): void {
    this.closed = true;
  }
}
