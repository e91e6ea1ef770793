import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RateLimitedClient } from '../../src/rate-limited-client';
import { WeatherApi } from '../../src/weather-api';

test('forecast returns the api answer', async () => {
  const client = new RateLimitedClient(new WeatherApi());
  assert.deepEqual(await client.forecast('Oslo'), { city: 'Oslo', tempC: 12 });
});

test('a 503 is retried once', async () => {
  const api = new WeatherApi();
  api.failOnce('Lima');
  const client = new RateLimitedClient(api);
  assert.deepEqual(await client.forecast('Lima'), { city: 'Lima', tempC: 12 });
  assert.equal(client.retries, 1);
  assert.equal(api.calls, 2);
});

test('a 404 is not retried', async () => {
  const api = new WeatherApi();
  const client = new RateLimitedClient(api);
  await assert.rejects(client.forecast('Atlantis'), /404/);
  assert.equal(api.calls, 1);
});
