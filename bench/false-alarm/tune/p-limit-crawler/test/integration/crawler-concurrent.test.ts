import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Crawler } from '../../src/crawler.ts';
import { FakeWeb } from '../../src/fake-web.ts';
import { site } from '../site.ts';

const urls = ['/', '/a', '/b', '/c', '/a1', '/a2', '/b1', '/deep'];

test('eight pages: results in input order, exactly two requests in flight at most', async () => {
  const web = new FakeWeb(site);
  const crawler = new Crawler(web, 2);
  const results = await crawler.fetchAll(urls);
  assert.deepEqual(results.map((r) => r.url), urls);
  assert.ok(results.every((r) => r.ok));
  assert.equal(web.maxInFlight, 2);
  assert.deepEqual(crawler.stats(), { active: 0, pending: 0 });
});

test('two fetchAll calls sharing one crawler share its limit', async () => {
  const web = new FakeWeb(site);
  const crawler = new Crawler(web, 2);
  const [first, second] = await Promise.all([crawler.fetchAll(urls.slice(0, 4)), crawler.fetchAll(urls.slice(4))]);
  assert.equal(first.length + second.length, urls.length);
  assert.equal(web.maxInFlight, 2);
  for (const url of urls) assert.equal(web.hits.get(url), 1);
});

test('while slow requests run, the limiter reports two active and the rest pending', async () => {
  const slow = { '/s1': { links: [], ms: 150 }, '/s2': { links: [], ms: 150 }, '/s3': { links: [], ms: 150 }, '/s4': { links: [], ms: 150 } };
  const crawler = new Crawler(new FakeWeb(slow), 2);
  const all = crawler.fetchAll(Object.keys(slow));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(crawler.stats(), { active: 2, pending: 2 });
  await all;
  assert.deepEqual(crawler.stats(), { active: 0, pending: 0 });
});

test('a full crawl visits every reachable page exactly once', async () => {
  const web = new FakeWeb(site);
  const crawler = new Crawler(web, 2);
  assert.deepEqual(await crawler.crawl('/', 5), ['/', '/a', '/a1', '/a2', '/b', '/b1', '/c', '/deep']);
  for (const [, n] of web.hits) assert.equal(n, 1);
  assert.ok(web.maxInFlight <= 2);
});
