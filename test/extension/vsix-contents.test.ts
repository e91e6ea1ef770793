// The VSIX ships only what .vscodeignore lets through: every bundle the build writes to dist/
// (the engine starts register.cjs, the Jest and Vitest wrappers, concurrently.cjs … from there)
// must be on its allowlist, or the installed extension fails where the repository works. Not
// shipped: the V8 code caches (made for the build machine's Node.js; the extension host's Electron
// would reject them, code-cache.ts) and the build-time tool that writes them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/cli.ts';

test('every bundle in dist/ (not its source maps) is allowed into the VSIX', () => {
  const allowed = new Set(readFileSync(join(REPO, '.vscodeignore'), 'utf8').split('\n').filter((l) => l.startsWith('!dist/')).map((l) => l.slice('!dist/'.length).trim()));
  const bundles = readdirSync(join(REPO, 'dist')).filter((f) => !f.endsWith('.map') && !f.endsWith('.v8cache') && f !== 'code-cache-writer.cjs');
  assert.ok(bundles.length >= 10, `dist/ holds ${bundles.join(', ')}: run npm run build first`);
  assert.deepEqual(bundles.filter((f) => !allowed.has(f)), []);
});
