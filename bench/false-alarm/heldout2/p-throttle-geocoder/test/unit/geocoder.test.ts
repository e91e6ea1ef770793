import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GeoApi } from '../../src/geo-api.ts';
import { Geocoder } from '../../src/geocoder.ts';

test('geocode returns coordinates in range', async () => {
  const g = new Geocoder(new GeoApi());
  const { lat, lon } = await g.geocode('1 Main St');
  assert.ok(lat >= -90 && lat < 90 && lon >= -180 && lon < 180);
});

test('the same address (any case) is looked up once', async () => {
  const api = new GeoApi();
  const g = new Geocoder(api);
  const a = await g.geocode('1 Main St');
  const b = await g.geocode(' 1 MAIN ST ');
  assert.deepEqual(a, b);
  assert.equal(api.arrivals.length, 1);
});

test('a failed lookup is not cached', async () => {
  const api = new GeoApi();
  const g = new Geocoder(api);
  await assert.rejects(g.geocode('   '), /empty address/);
  await assert.rejects(g.geocode(''), /empty address/);
  assert.equal(api.arrivals.length, 2);
});
