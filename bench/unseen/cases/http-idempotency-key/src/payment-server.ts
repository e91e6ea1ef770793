import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Charge, Gateway, ReceiptStore } from './gateway.ts';

export interface Receipt {
  chargeId: string;
  amount: number;
  currency: string;
}

export function validatePayment(body: any): string | undefined {
  if (typeof body?.amount !== 'number' || !Number.isInteger(body.amount) || body.amount <= 0) return 'amount must be a positive integer';
  if (!/^[A-Z]{3}$/.test(body?.currency ?? '')) return 'currency must be an ISO code';
  return undefined;
}

export function toReceipt(charge: Charge): Receipt {
  return { chargeId: charge.id, amount: charge.amount, currency: charge.currency };
}

function readJson(req: http.IncomingMessage): Promise<any> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch (err) {
        reject(err);
      }
    });
  });
}

export class PaymentServer {
  private readonly receipts = new ReceiptStore<Receipt>();
  private readonly server = http.createServer((req, res) => void this.route(req, res));

  constructor(readonly gateway = new Gateway()) {}

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as AddressInfo).port)));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  async handlePayment(key: string, body: any): Promise<{ status: number; body: unknown }> {
    const error = validatePayment(body);
    if (error) return { status: 400, body: { error } };
    const previous = await this.receipts.get(key);
    if (previous) return { status: 200, body: previous };
    const receipt = toReceipt(await this.gateway.charge(body.amount, body.currency));
    await this.receipts.set(key, receipt);
    return { status: 201, body: receipt };
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const key = req.headers['idempotency-key'];
    let reply: { status: number; body: unknown };
    if (req.method !== 'POST' || req.url !== '/payments') reply = { status: 404, body: {} };
    else if (typeof key !== 'string' || key === '') reply = { status: 400, body: { error: 'Idempotency-Key required' } };
    else reply = await this.handlePayment(key, await readJson(req));
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  }
}
