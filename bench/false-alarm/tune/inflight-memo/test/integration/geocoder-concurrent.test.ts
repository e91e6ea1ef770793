import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GeoCoder, GeoService } from '../../src/geocoder.ts';

test('concurrent lookups of one address share one request and one promise', async () => {
  const service = new GeoService();
  const geo = new GeoCoder(service);
  const first = geo.locate('Station Rd 4');
  const second = geo.locate('station rd 4');
  assert.equal(first, second);
  const points = await Promise.all([first, second, geo.locate('STATION RD 4')]);
  assert.ok(points.every((p) => p === points[0]));
  assert.deepEqual(service.requests, ['station rd 4']);
});

test('concurrent distances over shared places: one request per place', async () => {
  const service = new GeoService();
  const geo = new GeoCoder(service);
  await Promise.all([geo.distanceKm('a', 'b'), geo.distanceKm('b', 'c'), geo.distanceKm('c', 'a'), geo.distanceKm('a', 'c')]);
  assert.deepEqual([...service.requests].sort(), ['a', 'b', 'c']);
});

test('concurrent callers of a failing lookup all fail; the next caller retries once', async () => {
  const service = new GeoService();
  const geo = new GeoCoder(service);
  service.failNext = true;
  const results = await Promise.allSettled([geo.locate('q'), geo.locate('q'), geo.locate('q')]);
  assert.ok(results.every((r) => r.status === 'rejected'));
  const again = await Promise.all([geo.locate('q'), geo.locate('q')]);
  assert.equal(again[0], again[1]);
  assert.deepEqual(service.requests, ['q', 'q']);
});
