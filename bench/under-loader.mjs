// Benchmarks import our TypeScript sources: re-run the calling script under our loader
// (dist/register.mjs) unless it already runs there. Call before the first TypeScript import.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REGISTER = join(ROOT, 'dist', 'register.mjs');

export function runUnderLoader(scriptUrl) {
  if (process.execArgv.some((a) => a.includes('register.mjs'))) return;
  if (!existsSync(REGISTER)) {
    console.error('dist/register.mjs missing: run `npm run build` first');
    process.exit(2);
  }
  const r = spawnSync(process.execPath, ['--import', REGISTER, fileURLToPath(scriptUrl), ...process.argv.slice(2)], { stdio: 'inherit', cwd: ROOT });
  process.exit(r.status ?? 1);
}
