import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimitedClient } from '../../src/rate-limited-client';
import { WeatherApi } from '../../src/weather-api';

const cities = ['Oslo', 'Lima', 'Cairo', 'Quito', 'Perth', 'Hanoi', 'Dakar'];

test('seven forecasts at once: two calls open at a time, never more', async () => {
  const api = new WeatherApi();
  const client = new RateLimitedClient(api, { maxConcurrent: 2 });
  const results = await client.forecasts(cities);
  assert.deepEqual(results.map((r) => r.city), cities);
  assert.equal(api.maxOpen, 2);
  assert.equal(api.calls, 7);
});

test('a retried job still respects the limit and everything completes', async () => {
  const api = new WeatherApi();
  api.failOnce('Cairo');
  api.failOnce('Perth');
  const client = new RateLimitedClient(api, { maxConcurrent: 2 });
  const results = await client.forecasts(cities);
  assert.equal(results.length, 7);
  assert.equal(client.retries, 2);
  assert.equal(api.calls, 9);
  assert.ok(api.maxOpen <= 2);
});

test('failures of some cities do not block the others', async () => {
  const api = new WeatherApi();
  const client = new RateLimitedClient(api, { maxConcurrent: 2 });
  const results = await Promise.allSettled(['Oslo', 'Atlantis', 'Lima', 'Atlantis', 'Cairo'].map((c) => client.forecast(c)));
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
  await client.whenIdle();
  const counts = client.counts();
  assert.equal(counts.RUNNING + counts.EXECUTING + counts.QUEUED, 0);
});

test('minTime spaces the jobs on the strict endpoint: four jobs take at least three gaps', async () => {
  const api = new WeatherApi();
  const client = new RateLimitedClient(api, { maxConcurrent: 1, minTime: 25 });
  const t0 = performance.now();
  await client.forecasts(['Oslo', 'Lima', 'Cairo', 'Quito']);
  const span = api.starts[3] - t0;
  assert.ok(span >= 70, `the fourth job started ${span} ms after the first was scheduled (3 gaps of 25 ms)`);
  assert.equal(api.maxOpen, 1);
});
