import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BookingServer } from '../../src/booking-server.ts';

function request(port: number, method: string, guest: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method, path: method === 'GET' ? '/seats' : '/book', headers: { 'x-guest': guest }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

// Two guests book at the same time, five times over: they get different seats and the count goes
// down by two each time.
test('two concurrent bookings get different seats', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-booking-'));
  const server = new BookingServer(10, join(dir, 'ledger.txt'));
  try {
    const port = await server.listen();
    for (let round = 1; round <= 5; round++) {
      const seats = await Promise.all([request(port, 'POST', `ann${round}`), request(port, 'POST', `bob${round}`)]);
      assert.notEqual(seats[0], seats[1]);
      assert.equal(await request(port, 'GET', 'ann'), String(10 - 2 * round));
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
