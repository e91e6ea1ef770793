// The extension-tests entry (`--extensionTestsPath`, or `extensionTestsPath` in code-server's
// payload): VS Code loads it in the extension host and awaits run(); a rejection is a failed run.
// It runs the mocha files of one suite folder next to it (CONLENS_EXTHOST_SUITE: `suite`, the
// default, or `restricted`). @vscode/test-cli brings its own runner for the same files.
import Mocha from 'mocha';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';

export function run(): Promise<void> {
  const folder = process.env.CONLENS_EXTHOST_SUITE ?? 'suite';
  if (!/^[a-z-]+$/.test(folder)) return Promise.reject(new Error(`CONLENS_EXTHOST_SUITE must name a suite folder, got '${folder}'`));
  const dir = join(__dirname, folder);
  // The same options as .vscode-test.mjs gives @vscode/test-cli.
  // The host forwards console lines without applying printf formats: format them here.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(format(...args));
  const mocha = new Mocha({ ui: 'tdd', timeout: 300_000, color: false, reporter: 'spec' });
  // CONLENS_EXTHOST_FILES (a substring of the file names, e.g. `3-explorer`): run only those, while
  // developing one suite file.
  const only = process.env.CONLENS_EXTHOST_FILES;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.js') && (!only || f.includes(only))).sort()) mocha.addFile(join(dir, file));
  return new Promise((resolve, reject) => {
    const tests: { title: string; state: string; error?: string }[] = [];
    const runner = mocha.run((failures) => {
      const out = process.env.CONLENS_EXTHOST_RESULTS;
      if (out) writeFileSync(out, `${JSON.stringify({ suite: folder, failures, tests }, null, 2)}\n`);
      if (failures) reject(new Error(`${failures} extension-host test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => tests.push({ title: t.fullTitle(), state: 'passed' }));
    runner.on('fail', (t, error: Error) => tests.push({ title: t.fullTitle(), state: 'failed', error: error?.message }));
    runner.on('pending', (t) => tests.push({ title: t.fullTitle(), state: 'pending' }));
  });
}
