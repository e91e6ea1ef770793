import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BuildWorkspace } from '../../src/workspace.ts';

test('two pushes trigger builds of the same project at once: both builds are complete', async () => {
  const root = mkdtempSync(join(tmpdir(), 'unseen-ws-'));
  try {
    const ws = new BuildWorkspace(root);
    const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`m${i}.ts`, `// module ${i}\nexport const v${i} = ${i};`]));
    const expected = Object.keys(files).map((f) => f.replace('.ts', '.js')).sort();
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([ws.build('web', files), sleep(1).then(() => ws.build('web', files)), ws.build('api', { 'x.ts': 'let x;' })]);
      for (const r of results) assert.equal(r.status, 'fulfilled', r.status === 'rejected' ? String(r.reason) : '');
      const [a, b, c] = results.map((r) => (r as PromiseFulfilledResult<string[]>).value);
      assert.deepEqual(a, expected);
      assert.deepEqual(b, expected);
      assert.deepEqual(c, ['x.js']);
      assert.equal(await ws.output('web', 'm11.ts'), 'export const v11 = 11;');
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
