import { tempProject } from './temp-project.ts';

/** A counter whose increment reads, awaits, then writes: a lost update when two run at once. */
const COUNTER = `export class Counter {
  n = 0;
  async inc(by: number): Promise<number> {
    const seen = this.n;
    await Promise.resolve();
    this.n = seen + by;
    return this.n;
  }
}
`;
const UNIT = "import { test } from 'node:test'; import assert from 'node:assert'; import { Counter } from '../src/counter.ts';\n" +
  "test('inc', async () => { const c = new Counter(); for (const k of [1, 2, 3, 4, 5, 6, 7, 8]) await c.inc(k); assert.equal(c.n, 36); });\n";

/** A project with the counter, its sequential unit test, and `integration` as the integration
 *  test's body (after `test` and `Counter` are imported); `extra`: more configuration. */
export function counterProject(integration: string, extra: Record<string, unknown> = {}): string {
  return tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/unit.test.ts' }, integration: { command: 'node --test test/integration.test.ts' }, ...extra }),
    'src/counter.ts': COUNTER,
    'test/unit.test.ts': UNIT,
    'test/integration.test.ts': "import { test } from 'node:test'; import { Counter } from '../src/counter.ts';\n" + integration,
  });
}
