import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Renderer } from '../../src/renderer.ts';

test('render returns the page from one of the tabs', async () => {
  const r = new Renderer();
  assert.match(await r.render('https://shop.test/'), /^<html data-tab="[123]">https:\/\/shop\.test\/<\/html>$/);
  assert.equal(r.tabs.length, 3);
});

test('a failed render gives its tab back', async () => {
  const r = new Renderer(1);
  await assert.rejects(r.render('https://shop.test/500'), /render failed/);
  assert.match(await r.render('https://shop.test/ok'), /ok/);
  assert.equal(r.inUse, 0);
});

test('renderIfFree renders when a tab is free', async () => {
  const r = new Renderer(1);
  assert.match((await r.renderIfFree('https://shop.test/a')) ?? '', /shop\.test\/a/);
});

test('shutdown returns every tab', async () => {
  const r = new Renderer();
  await r.render('https://shop.test/x');
  const tabs = await r.shutdown();
  assert.deepEqual(tabs.map((t) => t.id).sort(), [1, 2, 3]);
});
