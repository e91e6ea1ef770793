import { EventEmitter } from 'node:events';

export interface Request {
  id: number;
  method: string;
  params: Record<string, unknown>;
}

export interface Response {
  id: number;
  result?: unknown;
  error?: string;
}

type Handler = (params: Record<string, unknown>) => Promise<unknown>;

/** An in-process stand-in for a TCP connection to the RPC server: one JSON line per message. */
export class LoopbackSocket extends EventEmitter {
  written = 0;

  constructor(private readonly handlers: Record<string, Handler>) {
    super();
  }

  write(line: string): void {
    this.written++;
    const request = JSON.parse(line) as Request;
    const handler = this.handlers[request.method];
    const reply: Promise<Response> = handler
      ? handler(request.params).then(
          (result) => ({ id: request.id, result }),
          (err: Error) => ({ id: request.id, error: err.message }),
        )
      : Promise.resolve({ id: request.id, error: `unknown method ${request.method}` });
    reply.then((response) => this.emit('data', JSON.stringify(response)));
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dbLatency = () => delay(1 + Math.floor(Math.random() * 3));

/** The accounts server's handlers, over an in-memory table. */
export function accountsServer(balances: Map<string, number>, names: Map<string, string>): Record<string, Handler> {
  return {
    ping: async () => {
      await delay(1);
      return 'pong';
    },
    balance: async ({ user }) => {
      await dbLatency();
      return balances.get(String(user)) ?? 0;
    },
    profile: async ({ user }) => {
      await dbLatency();
      const name = names.get(String(user));
      if (!name) throw new Error(`no such user ${user}`);
      return { user, name };
    },
  };
}
