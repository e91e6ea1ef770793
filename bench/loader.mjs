// Start-up cost of the loader hook that every traced test process carries, measured side by side:
//   plain      node file.mjs                                (no hook)
//   hook, js   node --import dist/register.mjs file.mjs     (hook installed, nothing to transpile)
//   hook, ts   node --import dist/register.mjs file.ts      (hook + compiler loaded + transpile)
// and the transpiler's throughput on this repository's own TypeScript sources.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { glob } from 'tinyglobby';

const root = join(import.meta.dirname, '..');
const register = join(root, 'dist', 'register.mjs');
const require = createRequire(import.meta.url);
const { transpileTypeScript } = require(join(root, 'dist', 'transpile.cjs'));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

const dir = mkdtempSync(join(tmpdir(), 'conlens-bench-'));
try {
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(dir, 'plain.mjs'), 'let s = 0; for (let i = 0; i < 1000; i++) s += i; console.log(s);');
  writeFileSync(join(dir, 'typed.ts'), 'let s: number = 0; for (let i = 0; i < 1000; i++) s += i; console.log(s);');
  const variants = {
    plain: ['plain.mjs'],
    'hook, js': ['--import', register, 'plain.mjs'],
    'hook, ts': ['--import', register, 'typed.ts'],
  };
  const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  // Interleave the variants round by round so machine noise hits them alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(variants)) {
      const start = performance.now();
      const result = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr}`);
      times[name].push(performance.now() - start);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = median(times.plain);
  console.log(`Process start-up, median of ${ROUNDS} interleaved rounds`);
  for (const [name, xs] of Object.entries(times)) {
    console.log(`  ${name.padEnd(9)} ${median(xs).toFixed(0).padStart(5)} ms   ${(median(xs) / base).toFixed(2)}× plain`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const files = await glob(['src/**/*.ts'], { cwd: root, absolute: true });
const sources = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
const lines = sources.reduce((n, s) => n + s.text.split('\n').length, 0);
transpileTypeScript(sources[0].text, sources[0].file, 'module'); // warm up the compiler
const start = performance.now();
const REPEAT = 20;
for (let i = 0; i < REPEAT; i++) for (const s of sources) transpileTypeScript(s.text, s.file, 'module');
const seconds = (performance.now() - start) / 1000;
console.log(`Transpile throughput: ${((lines * REPEAT) / seconds / 1000).toFixed(1)}k lines/s (${files.length} files, ${lines} lines, ×${REPEAT})`);
