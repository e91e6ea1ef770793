import { EventEmitter } from 'node:events';

export interface Tick {
  symbol: string;
  price: number;
  seq: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One client connection to the fake broker. Emits 'tick' for subscribed symbols and 'close' once. */
export class BrokerSocket extends EventEmitter {
  readonly topics = new Set<string>();
  open = true;

  constructor(
    readonly id: number,
    private readonly broker: FakeBroker,
  ) {
    super();
  }

  subscribe(symbols: string[]): void {
    if (!this.open) throw new Error(`socket ${this.id} is closed`);
    for (const s of symbols) this.topics.add(s);
  }

  end(reason = 'client'): void {
    if (!this.open) return;
    this.open = false;
    this.broker.forget(this);
    setImmediate(() => this.emit('close', reason));
  }
}

/** A fake market-data broker: dialling takes a random few milliseconds; it can drop every connection at once. */
export class FakeBroker {
  private readonly sockets = new Set<BrokerSocket>();
  private nextId = 1;
  private seq = 0;
  dials = 0;
  down = false;

  constructor(private readonly dialMs: [number, number] = [2, 8]) {}

  async dial(): Promise<BrokerSocket> {
    this.dials++;
    const [min, max] = this.dialMs;
    await wait(min + Math.floor(Math.random() * (max - min + 1)));
    if (this.down) throw new Error('broker unavailable');
    const socket = new BrokerSocket(this.nextId++, this);
    this.sockets.add(socket);
    return socket;
  }

  publish(symbol: string, price: number): number {
    const tick: Tick = { symbol, price, seq: ++this.seq };
    let delivered = 0;
    for (const s of this.sockets) {
      if (s.topics.has(symbol)) {
        s.emit('tick', tick);
        delivered++;
      }
    }
    return delivered;
  }

  dropAll(): void {
    for (const s of [...this.sockets]) s.end('server');
  }

  forget(socket: BrokerSocket): void {
    this.sockets.delete(socket);
  }

  get openSockets(): number {
    return this.sockets.size;
  }
}
