// The slow tier's version matrices (test/slow/jest-versions.test.ts, runner-versions.test.ts)
// run fixture projects on runners installed from the npm registry: each set of packages once into
// its own folder under .conlens/cache/, reused by later runs while the package list is the same
// (npm's own cache serves the tarballs). Without the registry a test is skipped, saying why.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './cli.ts';

export const REGISTRY_CACHE = join(REPO, '.conlens', 'cache');

/** The dependencies of examples/<name> as install specs (`async-mutex@^0.5.0`): a fixture project
 *  built from the example links the installed node_modules only. */
export function exampleDependencies(example: string): string[] {
  const { dependencies } = JSON.parse(readFileSync(join(REPO, 'examples', example, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.entries(dependencies ?? {}).map(([name, range]) => `${name}@${range}`);
}

/** node_modules with `packages` installed in `dir` (under .conlens/cache), installed unless the same
 *  packages already are; or why it could not be (the skip reason). `probe`: a package whose
 *  presence shows the install worked. */
export function installFromRegistry(dir: string, packages: string[], probe: string): { nodeModules: string } | string {
  const nodeModules = join(dir, 'node_modules');
  const marker = join(dir, 'installed.json');
  const wanted = JSON.stringify(packages);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return { nodeModules };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'conlens-registry-install', private: true })}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', ...packages], { cwd: dir, encoding: 'utf8', timeout: 600_000, shell: process.platform === 'win32' });
  if (result.status !== 0 || !existsSync(join(nodeModules, probe, 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    return `npm install ${packages.join(' ')} failed (no registry?): ${(result.stderr || String(result.error ?? '')).trim().split('\n').slice(-3).join(' ')}`;
  }
  writeFileSync(marker, wanted);
  return { nodeModules };
}
