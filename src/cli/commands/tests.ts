import { writeFileSync } from 'node:fs';
import { loadConfig } from '../../core/config/index.js';
import { discoverTests, type DiscoveredTest } from '../../core/runner/test-discovery.js';
import { printWarnings } from '../print-config.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

/** `conlens tests` (issue 34): the integration tests the editor's Test Explorer lists. */
export const testsCommand: Subcommand = {
  name: 'tests',
  summary: 'list the integration tests (what --test can name) without running them',
  help: `Usage: conlens tests [dir] [--json FILE] [--config FILE]

Lists the integration command's tests without running anything: the test
files the command names (npm scripts followed; else the *.test.* and *.spec.*
files), and in them the test(), it(), describe() and suite() calls, read with
the TypeScript parser — the same for node:test, Mocha, Jest and Vitest. A name
written as a template (\`z=\${z}\`) is listed once, with a pattern matching every
name it makes. Each test's pattern is what \`rank --test\` and \`fuzz --test\`
take.

Options:
  --json FILE     write the list as JSON ("-" for standard output)
  --config FILE   use this configuration file instead of looking in dir
  -h, --help      show this help

Exit codes: 0 listed, 2 invalid configuration.`,
  options: { json: { type: 'string' }, config: { type: 'string' } },
  async run(values, positionals) {
    const loaded = loadConfig(positionals[0] ?? '.', values.config as string | undefined);
    printWarnings(loaded.warnings);
    const discovery = await discoverTests(loaded);
    if (values.json) {
      const text = `${JSON.stringify(discovery, null, 2)}\n`;
      if (values.json === '-') process.stdout.write(text);
      else writeFileSync(values.json as string, text);
    }
    if (values.json !== '-') {
      const lines: string[] = [];
      const walk = (tests: DiscoveredTest[], indent: string) => {
        for (const t of tests) {
          lines.push(`${indent}${t.kind === 'suite' ? '▸ ' : ''}${t.name}  (line ${t.line})`);
          if (t.children) walk(t.children, `${indent}  `);
        }
      };
      for (const f of discovery.files) {
        lines.push(f.file);
        walk(f.tests, '  ');
      }
      const count = (tests: DiscoveredTest[]): number => tests.reduce((n, t) => n + (t.kind === 'test' ? 1 : 0) + count(t.children ?? []), 0);
      const n = discovery.files.reduce((k, f) => k + count(f.tests), 0);
      lines.push(`${n} test(s) in ${discovery.files.length} file(s) (${discovery.runner}; found by a static scan of the test files)`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    return EXIT_OK;
  },
};
