// Trial 19 (p2x): twenty random runs in which every decision had one candidate ready were twenty
// replays of Node's own order, and fuzz and rank printed "0 of 20 run(s) failed" with nothing to
// say so. Now the runs count their choices and the output says when none had one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conlens } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const CONFIG = '{ "include": ["src/**/*.ts"], "unit": { "command": "node --test test/unit/*.test.ts" }, "integration": { "command": "node --test test/integration/*.test.ts", "runs": 2 } }\n';
const UNIT = "import { test } from 'node:test';\nimport { Ledger } from '../../src/ledger.ts';\n\ntest('one entry', async () => {\n  await new Ledger(async () => {}).add(1);\n});\n";

/** Two adds at once; `store` is the stand-in for I/O: a setImmediate round trip (FIFO, one
 *  order in every Node run) or a fake that settles at once (mocked I/O: a free choice). */
function project(store: string): string {
  return tempProject({
    'package.json': '{ "name": "ledger", "type": "module", "private": true }\n',
    'conlens.config.json': CONFIG,
    'src/ledger.ts': 'export class Ledger {\n  total = 0;\n  constructor(private readonly store: () => Promise<void>) {}\n  async add(n: number): Promise<void> {\n    await this.store();\n    this.total += n;\n  }\n}\n',
    'test/unit/ledger.test.ts': UNIT,
    'test/integration/ledger.test.ts': `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { Ledger } from '../../src/ledger.ts';\n\ntest('two adds', async () => {\n  const ledger = new Ledger(${store});\n  await Promise.all([ledger.add(1), ledger.add(2)]);\n  assert.equal(ledger.total, 3);\n});\n`,
  });
}

test('fuzz says when no run had a choice to make (every decision had one candidate), and not when runs had one', () => {
  const fifo = conlens(['fuzz', project('() => new Promise<void>((r) => setImmediate(r))'), '--strategy', 'random', '--runs', '2']);
  assert.equal(fifo.status, 0, fifo.stderr);
  assert.match(fifo.stdout, /0 of 2 run\(s\) failed\nno run had a choice to make: at every point only one continuation or callback was ready, so all 2 runs took Node's own order/);
  const mocked = conlens(['fuzz', project('async () => {}'), '--strategy', 'random', '--runs', '2']);
  assert.equal(mocked.status, 0, mocked.stderr);
  assert.doesNotMatch(mocked.stdout, /no run had a choice/);
});
