// A wrapped runner (Jest, Vitest, ava, tap) and the tsx CLI run on the Node the configured command
// runs on: the first `node` on its PATH (npx and runner bins start `#!/usr/bin/env node`) or the one
// `node …` names; the Node running conlens when the PATH has none, or one older than our register needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandNode, wrapForRunner } from '../../src/core/runner/test-runners.ts';
import '../../src/core/runner/jest.ts';
import { withoutTypeScriptLoaders } from '../../src/core/runner/ts-loaders.ts';
import { tempProject } from '../helpers/temp-project.ts';

/** A folder with a `node` that reports `version`. */
function fakeNode(root: string, name: string, version: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'node');
  // Answers `node -p process.versions.node` only: all commandNode asks.
  writeFileSync(file, `#!/bin/sh\necho ${version}\n`);
  chmodSync(file, 0o755);
  return dir;
}

test('the first node on the command\'s PATH runs the wrapper; an old one or none leaves the Node that runs conlens', () => {
  const root = tempProject({ 'package.json': '{}' });
  const node22 = fakeNode(root, 'v22', '22.12.0');
  const node18 = fakeNode(root, 'v18', '18.20.4');
  const empty = join(root, 'empty');
  mkdirSync(empty);
  assert.equal(commandNode(['npx', 'jest'], { PATH: `${empty}:${node22}:${node18}` }), join(node22, 'node'));
  assert.equal(commandNode(['npx', 'jest'], { PATH: `${node18}:${node22}` }), process.execPath, 'Node 18 has no module.register');
  assert.equal(commandNode(['npx', 'jest'], { PATH: empty }), process.execPath);
  assert.equal(commandNode([join(node22, 'node'), 'node_modules/jest/bin/jest.js'], { PATH: empty }), join(node22, 'node'));
  const wrapped = wrapForRunner(['npx', 'jest', 'test'], root, { PATH: node22 });
  assert.equal(wrapped?.runner, 'jest');
  assert.equal(wrapped?.argv[0], join(node22, 'node'));
  assert.match(wrapped?.argv[1] ?? '', /jest-run\.cjs$/);
});

test('the tsx CLI becomes the node tsx itself would have started', async () => {
  const root = tempProject({ 'package.json': '{}' });
  const node22 = fakeNode(root, 'v22', '22.12.0');
  const run = await withoutTypeScriptLoaders(['npx', 'tsx', '--test', 'a.test.ts'], root, { PATH: node22 });
  assert.deepEqual(run?.argv, [join(node22, 'node'), '--test', 'a.test.ts']);
});
