import { HashRing } from './hash-ring';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rtt = () => pause(1 + Math.floor(Math.random() * 3));

/** The cache servers' data, reachable at one or more addresses (a node keeps its data when it moves). */
export class FakeNetwork {
  private readonly stores = new Map<string, Map<string, string>>();
  connects = 0;

  listen(address: string, store = new Map<string, string>()): Map<string, string> {
    this.stores.set(address, store);
    return store;
  }

  async connect(address: string): Promise<CacheClient> {
    this.connects++;
    await rtt();
    const store = this.stores.get(address);
    if (!store) throw new Error(`connect ECONNREFUSED ${address}`);
    return new CacheClient(address, store);
  }
}

export class CacheClient {
  constructor(readonly address: string, private readonly store: Map<string, string>) {}

  async get(key: string): Promise<string | undefined> {
    await rtt();
    return this.store.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    await rtt();
    this.store.set(key, value);
  }
}

export interface Shard {
  id: string;
  client: CacheClient;
}

/** Routes each key to its shard; one connection per address, shared by everyone who asks for it. */
export class ShardRouter {
  private readonly ring = new HashRing<Shard>();
  private readonly connections = new Map<string, Promise<CacheClient>>();

  constructor(private readonly network: FakeNetwork) {}

  private connect(address: string): Promise<CacheClient> {
    let pending = this.connections.get(address);
    if (!pending) {
      pending = this.network.connect(address);
      this.connections.set(address, pending);
      pending.catch(() => this.connections.delete(address));
    }
    return pending;
  }

  async addNode(id: string, address: string): Promise<void> {
    const client = await this.connect(address);
    this.ring.add({ id, client });
  }

  /** Points a node at a new address (the node restarted elsewhere with its data). */
  async replaceNode(id: string, address: string): Promise<void> {
    if (!this.ring.get(id)) throw new Error(`no node ${id}`);
    this.ring.remove(id);
    const client = await this.connect(address);
    this.ring.add({ id, client });
  }

  shardFor(key: string): CacheClient {
    return this.ring.lookup(key).client;
  }

  get nodeIds(): string[] {
    return this.ring.ids;
  }
}
