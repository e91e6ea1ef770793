import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Renderer } from '../../src/renderer.ts';

test('three holders of the three tabs are inside together, a fourth waits', async () => {
  const r = new Renderer(3);
  let arrived = 0;
  let allThree!: () => void;
  const meeting = new Promise<void>((resolve) => (allThree = resolve));
  const ids: number[] = [];
  const holder = () =>
    r.withTab(async (tab) => {
      ids.push(tab.id);
      if (++arrived === 3) allThree();
      await meeting;
      return tab.id;
    });
  const three = [holder(), holder(), holder()];
  await meeting;
  const fourth = r.withTab(async (tab) => tab.id);
  assert.equal(r.waiting(), 1, 'the fourth waits while three tabs are held');
  const got = await Promise.all([...three, fourth]);
  assert.deepEqual([...ids].sort(), [1, 2, 3], 'three different tabs');
  assert.ok([1, 2, 3].includes(got[3]));
  assert.equal(r.maxInUse, 3);
});

test('ten renders use at most three tabs at once and no tab twice at once', async () => {
  const r = new Renderer(3);
  const urls = Array.from({ length: 10 }, (_, i) => `https://shop.test/p/${i}`);
  const pages = await Promise.all(urls.map((u, i) => r.render(u, 2 + (i % 3))));
  pages.forEach((p, i) => assert.ok(p.endsWith(`${urls[i]}</html>`)));
  assert.equal(r.maxInUse, 3);
  assert.equal(r.tabs.reduce((n, t) => n + t.rendered.length, 0), 10);
  assert.equal(r.waiting(), 0);
});

test('renderIfFree turns away a request while every tab is busy', async () => {
  const r = new Renderer(2);
  const busy = [r.render('https://shop.test/a', 30), r.render('https://shop.test/b', 30)];
  const turnedAway = await r.renderIfFree('https://shop.test/c');
  assert.equal(turnedAway, undefined);
  await Promise.all(busy);
  assert.match((await r.renderIfFree('https://shop.test/d')) ?? '', /shop\.test\/d/);
});

test('failures among concurrent renders do not leak tabs; shutdown gets all three back', async () => {
  const r = new Renderer(3);
  const results = await Promise.allSettled(['a', '500', 'b', '500', 'c', 'd'].map((p) => r.render(`https://shop.test/${p}`, 3)));
  assert.deepEqual(results.map((x) => x.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  assert.equal(r.inUse, 0);
  assert.deepEqual((await r.shutdown()).map((t) => t.id).sort(), [1, 2, 3]);
});
