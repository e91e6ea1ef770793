import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BookingServer } from '../../src/booking-server.ts';

const book = (server: BookingServer, guest: string) =>
  new Promise<number>((resolve, reject) => server.book(guest, (err, seat) => (err ? reject(err) : resolve(seat!))));

test('bookings take seats from the top and are written to the ledger', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-booking-'));
  try {
    const ledger = join(dir, 'ledger.txt');
    const server = new BookingServer(3, ledger);
    assert.equal(await book(server, 'ann'), 3);
    assert.equal(await book(server, 'bob'), 2);
    assert.equal(server.seatsLeft, 1);
    assert.equal(readFileSync(ledger, 'utf8'), 'ann seat 3\nbob seat 2\n');
    assert.equal(await book(server, 'cy'), 1);
    await assert.rejects(book(server, 'dee'), /sold out/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
