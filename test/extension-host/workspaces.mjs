// The workspaces the extension-host suites open, made fresh for each run (the suites write
// .conlens/ and workspace settings): copies of examples/running-example (004 Fig. 2), and a
// Vitest project (the vitest suite).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The example of the trusted suite (`--example` of run.mjs); Restricted Mode always uses this one. */
export const EXAMPLE = 'running-example';
/** The file the restricted workspace's unit tests write when they run (they must not, untrusted). */
export const MARKER = 'tests-ran.marker';

function copyExample(repo, into, example = EXAMPLE) {
  const from = resolve(repo, 'examples', example);
  if (!existsSync(join(from, 'conlens.config.json')) || !existsSync(join(from, 'expected.json'))) throw new Error(`examples/${example}: needs conlens.config.json and expected.json`);
  rmSync(into, { recursive: true, force: true });
  cpSync(from, into, { recursive: true, filter: (src) => !/[\\/](\.conlens|node_modules)([\\/]|$)/.test(src.slice(from.length)) });
  return into;
}

/** The trusted suite's workspace (test/extension-host/suite): an example as shipped. */
export function trustedWorkspace(repo, dir, example = EXAMPLE) {
  return copyExample(repo, join(dir, 'trusted', example), example);
}

/**
 * The Restricted Mode suite's workspace: the example with a saved .conlens/report.json (ranked
 * here by the CLI, as a teammate's or CI's run would leave it), then a unit test that appends to
 * MARKER — so any run of the workspace's tests from the editor leaves a trace.
 */
export function restrictedWorkspace(repo, dir) {
  const ws = copyExample(repo, join(dir, 'restricted', EXAMPLE));
  const cli = join(repo, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: npm run build first`);
  execFileSync(process.execPath, [cli, 'rank', '.', '--runs', '3', '--exit-zero'], { cwd: ws, stdio: ['ignore', 'ignore', 'pipe'] });
  if (!existsSync(join(ws, '.conlens', 'report.json'))) throw new Error(`conlens rank did not write ${join(ws, '.conlens', 'report.json')}`);
  mkdirSync(join(ws, 'test', 'unit'), { recursive: true });
  writeFileSync(
    join(ws, 'test', 'unit', 'marker.test.ts'),
    `// Written by test/extension-host/workspaces.mjs: proof that the editor ran this workspace's tests.\nimport { appendFileSync } from 'node:fs';\nappendFileSync(new URL('../../${MARKER}', import.meta.url), \`\${process.pid}\\n\`);\n`,
  );
  return ws;
}

/** The project of the vitest suite (a user's Vitest project): test/runners/vitest/account, 003
 *  Fig. 1's check-then-withdraw on an account whose methods each hold its async-mutex lock, with
 *  a unit and an integration test file and `npx vitest run …` commands. Its node_modules is the
 *  repository's (vitest, async-mutex), linked, as a user's installed project has one. */
export const VITEST_PROJECT = 'account';

export function vitestWorkspace(repo, dir) {
  const from = resolve(repo, 'test', 'runners', 'vitest', VITEST_PROJECT);
  const into = join(dir, 'vitest', VITEST_PROJECT);
  rmSync(into, { recursive: true, force: true });
  // fixed/ is the repaired copy the runner tests compare against; a user's project has one version.
  cpSync(from, into, { recursive: true, filter: (src) => !/^[\\/](fixed|\.conlens|node_modules)([\\/]|$)/.test(src.slice(from.length)) });
  symlinkSync(join(repo, 'node_modules'), join(into, 'node_modules'), 'dir');
  return into;
}
