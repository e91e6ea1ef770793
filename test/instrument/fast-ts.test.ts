// fast-ts.ts copies the typescript members the instrumenter calls per node into a small object
// (issue 33): every copy must be the module's own member, and anything not copied must still be
// reachable, or the transformer would call the wrong function or fail on a file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { fastTs } from '../../src/core/instrument/fast-ts.ts';

test('every member copied is the typescript module’s own, and the rest is reached through it', () => {
  const fast = fastTs(ts) as unknown as Record<string, unknown>;
  const module = ts as unknown as Record<string, unknown>;
  const own = Object.keys(fast).filter((key) => key !== 'SyntaxKind' && key !== 'NodeFlags');
  assert.ok(own.length > 50, `copied ${own.length} members`);
  for (const key of own) assert.equal(fast[key], module[key], key);
  for (const key of Object.keys(fast.SyntaxKind as object)) assert.equal((fast.SyntaxKind as Record<string, number>)[key], (ts.SyntaxKind as unknown as Record<string, number>)[key], `SyntaxKind.${key}`);
  for (const key of Object.keys(fast.NodeFlags as object)) assert.equal((fast.NodeFlags as Record<string, number>)[key], (ts.NodeFlags as unknown as Record<string, number>)[key], `NodeFlags.${key}`);
  // Not copied: found on the module by the prototype.
  assert.equal(fast.createSourceFile, ts.createSourceFile);
  assert.equal(fastTs(ts).SyntaxKind.JsxElement, ts.SyntaxKind.JsxElement);
  assert.equal(fastTs(ts), fastTs(ts), 'made once per module');
});
