import { promisify } from 'node:util';
import type { Callback, Connection, FakeDatabase, Queryable, Row } from './driver';
import { Pool } from './pool';

export interface CartLine {
  sku: string;
  qty: number;
  priceCents: number;
}

export interface Order {
  id: string;
  customer: string;
  lines: CartLine[];
  totalCents: number;
}

/** Audit trail of business events; writes through the pool unless given a connection to use. */
export class AuditLog {
  constructor(private readonly pool: Pool) {}

  record(event: string, subject: string, cb: Callback<void>, via: Queryable = this.pool): void {
    via.query('INSERT audit', [{ event, subject, at: Date.now() }], (err) => cb(err));
  }
}

export class OrderRepository {
  constructor(
    private readonly pool: Pool,
    private readonly audit: AuditLog,
  ) {}

  /** Writes the order, its lines and the audit entry in one transaction. */
  create(order: Order, cb: Callback<Order>): void {
    this.pool.getConnection((err, conn) => {
      if (err || !conn) return cb(err);
      const finish = (failure: Error | null) => {
        this.pool.release(conn);
        if (failure) cb(failure);
        else cb(null, order);
      };
      conn.query('BEGIN', [], (beginErr) => {
        if (beginErr) return finish(beginErr);
        this.insertRows(conn, order, (insertErr) => {
          if (insertErr) return conn.query('ROLLBACK', [], () => finish(insertErr));
          conn.query('COMMIT', [], (commitErr) => finish(commitErr));
        });
      });
    });
  }

  private insertRows(conn: Connection, order: Order, cb: Callback<void>): void {
    const { lines, ...head } = order;
    conn.query('INSERT orders', [head as unknown as Row], (err) => {
      if (err) return cb(err);
      const rows = lines.map((line) => ({ orderId: order.id, ...line }));
      conn.query('INSERT order_lines', rows, (linesErr) => {
        if (linesErr) return cb(linesErr);
        // On the transaction's own connection: no second checkout from the pool while this one is held.
        this.audit.record('order.created', order.id, cb, conn);
      });
    });
  }

  find(id: string, cb: Callback<Row | undefined>): void {
    this.pool.query('SELECT orders', [{ id }], (err, rows) => cb(err, rows?.[0]));
  }

  all(cb: Callback<Row[]>): void {
    this.pool.query('SELECT orders', [], cb);
  }
}

export type Receipt = { ok: true; orderId: string; totalCents: number } | { ok: false; error: string };

export class CheckoutService {
  private schemaReady?: Promise<void>;
  private seq = 0;
  private readonly createOrder: (order: Order) => Promise<Order>;
  private readonly findOrder: (id: string) => Promise<Row | undefined>;
  private readonly allOrders: () => Promise<Row[]>;
  private readonly runSql: (sql: string, params: Row[]) => Promise<Row[]>;

  constructor(
    private readonly pool: Pool,
    private readonly orders: OrderRepository,
  ) {
    this.createOrder = promisify(orders.create.bind(orders)) as (order: Order) => Promise<Order>;
    this.findOrder = promisify(orders.find.bind(orders)) as (id: string) => Promise<Row | undefined>;
    this.allOrders = promisify(orders.all.bind(orders)) as () => Promise<Row[]>;
    this.runSql = promisify(pool.query.bind(pool)) as (sql: string, params: Row[]) => Promise<Row[]>;
  }

  /** Creates the tables on first use; concurrent first callers share one creation. */
  ensureSchema(): Promise<void> {
    this.schemaReady ??= (async () => {
      for (const table of ['orders', 'order_lines', 'audit']) await this.runSql(`CREATE ${table}`, []);
    })();
    return this.schemaReady;
  }

  async checkout(customer: string, lines: CartLine[]): Promise<Receipt> {
    if (lines.length === 0) return { ok: false, error: 'empty cart' };
    await this.ensureSchema();
    const totalCents = lines.reduce((sum, l) => sum + l.qty * l.priceCents, 0);
    const order: Order = { id: `ord-${++this.seq}`, customer, lines, totalCents };
    try {
      await this.createOrder(order);
      return { ok: true, orderId: order.id, totalCents };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }

  async getOrder(id: string): Promise<Row | undefined> {
    await this.ensureSchema();
    return this.findOrder(id);
  }

  async listOrders(): Promise<Row[]> {
    await this.ensureSchema();
    return this.allOrders();
  }
}

export function buildCheckout(db: FakeDatabase, poolSize = 2) {
  const pool = new Pool(db, poolSize);
  const orders = new OrderRepository(pool, new AuditLog(pool));
  return { pool, orders, service: new CheckoutService(pool, orders) };
}
