// Issue 33: a change to the transformer that is meant to be only faster must leave its output
// byte-identical. Transpiles + instruments every .ts file of src/, examples/**/src and
// bench/unseen/cases/**/src with this build and another (a copy of an earlier dist/), under each
// setting (fields on/off, scheduled on/off, ES module and CommonJS), and compares the outputs
// (code and inline source map). Exit code 1 when any differs.
// Usage: npm run build && node bench/transform-identical.mjs <other dist/>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { glob } from 'tinyglobby';

const root = join(import.meta.dirname, '..');
const other = process.argv[2];
if (!other) throw new Error('usage: node bench/transform-identical.mjs <other dist/>');
const require = createRequire(import.meta.url);
const ours = require(join(root, 'dist', 'transpile.cjs')).transpileTypeScript;
const theirs = require(join(resolve(other), 'transpile.cjs')).transpileTypeScript;
const files = (await glob(['src/**/*.ts', 'examples/**/src/**/*.ts', 'bench/unseen/cases/**/src/**/*.ts'], { cwd: root, absolute: true, ignore: ['**/node_modules/**'] })).sort();
let compared = 0;
const differing = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const rel = relative(root, file);
  for (const format of ['module', 'commonjs']) {
    for (const fields of [true, false]) {
      for (const scheduled of [false, true]) {
        const options = { file: rel, fields, scheduled, lockMethods: ['acquire', 'release', 'runExclusive'], acquireMethods: ['acquire'] };
        const a = ours(text, file, format, options);
        const b = theirs(text, file, format, options);
        compared++;
        if (a.code !== b.code || a.instrumentError !== b.instrumentError || a.diagnostics.join('\n') !== b.diagnostics.join('\n')) differing.push(`${rel} ${format} fields=${fields} scheduled=${scheduled}`);
      }
    }
  }
}
console.log(`${files.length} files × 8 settings: ${compared} outputs compared, ${differing.length} differ`);
for (const d of differing.slice(0, 20)) console.log(`  ${d}`);
process.exitCode = differing.length ? 1 : 0;
