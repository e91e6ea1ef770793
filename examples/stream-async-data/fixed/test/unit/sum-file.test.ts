import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseChunk } from '../../src/sum-file.ts';

test('a chunk parses into its numbers', async () => {
  assert.deepEqual(await parseChunk('1,2,30,'), [1, 2, 30]);
  assert.deepEqual(await parseChunk(''), []);
});
