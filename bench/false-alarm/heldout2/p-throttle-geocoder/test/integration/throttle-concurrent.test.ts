import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GeoApi } from '../../src/geo-api.ts';
import { Geocoder, INTERVAL_MS, LIMIT } from '../../src/geocoder.ts';

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1} Elm Road`);

test('six concurrent lookups all succeed and take at least two more intervals', async () => {
  const api = new GeoApi();
  const g = new Geocoder(api);
  const started = performance.now();
  const results = await Promise.all(addresses(6).map((a) => g.geocode(a)));
  const elapsed = performance.now() - started;
  assert.equal(results.length, 6);
  assert.equal(new Set(results.map((r) => `${r.lat},${r.lon}`)).size, 6);
  assert.ok(elapsed >= 2 * INTERVAL_MS - 10, `6 calls at 2 per ${INTERVAL_MS} ms need two waits (took ${elapsed.toFixed(0)} ms)`);
  assert.equal(api.arrivals.length, 6);
});

test('no more than the limit arrive before the first interval has passed', async () => {
  const api = new GeoApi();
  const g = new Geocoder(api);
  await Promise.all(addresses(5).map((a) => g.geocode(a)));
  const sorted = [...api.arrivals].sort((x, y) => x - y);
  // Arrivals count from the API's creation, before the calls: p-throttle lets the third call run
  // one interval after the first window opened, not after the first call arrived (a first call
  // that starts late, in a busy process, leaves less than an interval between the two).
  assert.ok(sorted[LIMIT] >= INTERVAL_MS - 10, `the third call waited for the next window (${sorted.map((t) => t.toFixed(0))})`);
});

test('callers asking for the same addresses at once share the lookups', async () => {
  const api = new GeoApi();
  const g = new Geocoder(api);
  const [x, y] = await Promise.all([
    Promise.all(addresses(3).map((a) => g.geocode(a))),
    Promise.all(addresses(3).reverse().map((a) => g.geocode(a.toUpperCase()))),
  ]);
  assert.deepEqual(x, [...y].reverse());
  assert.equal(api.arrivals.length, 3);
});

test('shutdown rejects the queued calls; the ones already let through finish', async () => {
  const api = new GeoApi();
  const g = new Geocoder(api);
  const calls = addresses(5).map((a) => g.geocode(a));
  assert.equal(g.queued, 5 - LIMIT, 'two go at once, three wait for later windows');
  g.shutdown();
  const settled = await Promise.allSettled(calls);
  assert.deepEqual(settled.map((s) => s.status), ['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
  for (const s of settled.slice(2)) assert.match(String((s as PromiseRejectedResult).reason), /shut down/);
  assert.equal(api.arrivals.length, 2);
});
