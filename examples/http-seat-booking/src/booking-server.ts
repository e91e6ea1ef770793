import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny booking service: POST /book takes one seat, writes a ledger line and answers with the
 *  seat number; GET /seats answers with the seats left. */
export class BookingServer {
  seatsLeft: number;
  private readonly server: http.Server;

  constructor(seats: number, private readonly ledger: string) {
    this.seatsLeft = seats;
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as AddressInfo).port)));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.method === 'GET') return void res.end(String(this.seatsLeft));
    this.book(String(req.headers['x-guest'] ?? 'guest'), (err, seat) => {
      res.statusCode = err ? 409 : 200;
      res.end(err ? err.message : String(seat));
    });
  }

  /**
   * Books the next seat: reads the count, appends the booking to the ledger, then writes the
   * count back in the append's callback. A request handled while the append is in flight reads
   * the same count: both guests get the same seat and one booking is lost from the count.
   */
  book(guest: string, done: (err: Error | null, seat?: number) => void): void {
    const left = this.seatsLeft;
    if (left === 0) return done(new Error('sold out'));
    const seat = left;
    fs.appendFile(this.ledger, `${guest} seat ${seat}\n`, (err) => {
      if (err) return done(err);
      this.seatsLeft = left - 1;
      done(null, seat);
    });
  }
}
