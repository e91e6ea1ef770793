import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GeoCoder, GeoService } from '../../src/geocoder.ts';
import { PromiseMemo } from '../../src/memo.ts';

test('locate asks the service once per normalized address', async () => {
  const service = new GeoService();
  const geo = new GeoCoder(service);
  const a = await geo.locate('Main St 1');
  const b = await geo.locate('  main st 1 ');
  assert.deepEqual(a, b);
  assert.deepEqual(service.requests, ['main st 1']);
});

test('a failed lookup is retried by the next caller', async () => {
  const service = new GeoService();
  const geo = new GeoCoder(service);
  service.failNext = true;
  await assert.rejects(geo.locate('x'), /503/);
  await geo.locate('x');
  assert.deepEqual(service.requests, ['x', 'x']);
});

test('distance of a place to itself is 0', async () => {
  const geo = new GeoCoder(new GeoService());
  assert.equal(await geo.distanceKm('a', 'a'), 0);
});

test('PromiseMemo.delete forgets an entry', async () => {
  let loads = 0;
  const memo = new PromiseMemo(async (k: string) => `${k}${++loads}`);
  assert.equal(await memo.get('k'), 'k1');
  memo.delete('k');
  assert.equal(await memo.get('k'), 'k2');
});
