import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeyedLock } from './keyed-lock.ts';

/** A slow key-value store standing in for a database. */
export class StockStore {
  private readonly data = new Map<string, number>();
  constructor(initial: Record<string, number>) {
    for (const [k, v] of Object.entries(initial)) this.data.set(k, v);
  }
  async get(sku: string): Promise<number | undefined> {
    await sleep(2);
    return this.data.get(sku);
  }
  async set(sku: string, n: number): Promise<void> {
    await sleep(2);
    this.data.set(sku, n);
  }
}

export class StockService {
  readonly lock = new KeyedLock();
  private server?: Server;

  constructor(readonly store: StockStore) {}

  /** Reserves `qty` of `sku` if enough is left. */
  reserve(sku: string, qty: number): Promise<{ ok: boolean; left: number }> {
    return this.lock.run(sku, async () => {
      const left = await this.store.get(sku);
      if (left === undefined) throw new Error(`no such sku ${sku}`);
      if (left < qty) return { ok: false, left };
      await this.store.set(sku, left - qty);
      return { ok: true, left: left - qty };
    });
  }

  async listen(): Promise<number> {
    this.server = createServer((req, res) => {
      const m = /^\/reserve\/([\w-]+)\?qty=(\d+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) {
        res.writeHead(404).end();
        return;
      }
      this.reserve(m[1], Number(m[2])).then(
        (r) => res.writeHead(r.ok ? 200 : 409, { 'content-type': 'application/json' }).end(JSON.stringify(r)),
        (e: Error) => res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: e.message })),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server?.closeAllConnections();
      this.server?.close((e) => (e ? reject(e) : resolve()));
    });
  }
}
