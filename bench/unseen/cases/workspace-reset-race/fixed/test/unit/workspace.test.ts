import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputName, sanitize, transform } from '../../src/transform.ts';
import { BuildWorkspace } from '../../src/workspace.ts';

test('helpers', () => {
  assert.equal(sanitize('My App!'), 'my_app_');
  assert.throws(() => sanitize(''), /empty/);
  assert.equal(transform('// c\nlet a = 1;   \n  // d\nlet b;'), 'let a = 1;\nlet b;');
  assert.equal(outputName('main.ts'), 'main.js');
});

test('a rebuild starts from a clean folder', async () => {
  const root = mkdtempSync(join(tmpdir(), 'unseen-ws-'));
  try {
    const ws = new BuildWorkspace(root);
    assert.deepEqual(await ws.build('app', { 'a.ts': 'let a;', 'b.ts': 'let b;' }), ['a.js', 'b.js']);
    assert.deepEqual(await ws.build('app', { 'c.ts': '// x\nlet c;' }), ['c.js']);
    assert.equal(await ws.output('app', 'c.ts'), 'let c;');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
