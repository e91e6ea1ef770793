import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Crawler } from '../../src/crawler.ts';
import { FakeWeb } from '../../src/fake-web.ts';
import { site } from '../site.ts';

test('fetchAll of one page', async () => {
  const crawler = new Crawler(new FakeWeb(site));
  assert.deepEqual(await crawler.fetchAll(['/']), [{ url: '/', ok: true, links: 3 }]);
});

test('a missing page is reported, not thrown', async () => {
  const crawler = new Crawler(new FakeWeb(site));
  assert.deepEqual(await crawler.fetchAll(['/nope']), [{ url: '/nope', ok: false, links: 0 }]);
  assert.deepEqual(crawler.stats(), { active: 0, pending: 0 });
});

test('crawl depth 1 sees the start page and its links', async () => {
  const crawler = new Crawler(new FakeWeb(site), 1);
  assert.deepEqual(await crawler.crawl('/', 1), ['/', '/a', '/b', '/c']);
});
