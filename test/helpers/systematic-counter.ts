// A project whose bug needs exactly one preemption (issue 32's tests): increment reads the count
// before its I/O (stat) and writes it back after, and twoIncrements starts the second increment
// after an I/O of its own. Node's own order finishes the first increment first (its I/O was
// started first); choosing the pause's completion first is the one preemption that loses an update.
// The fixed variant increments after the I/O: every order counts two.
import { tempProject } from './temp-project.ts';

const counter = (fixed: boolean) => `import { stat } from 'node:fs/promises';

export class Counter {
  value = 0;
  /** Stands for reading the stored count (I/O). */
  async load(): Promise<number> {
    const stored = this.value;
    await stat('.');
    return stored;
  }
  async pause(): Promise<void> {
    await stat('.');
  }
  async increment(): Promise<void> {
${fixed ? '    await this.load();\n    this.value += 1;' : '    const seen = await this.load();\n    this.value = seen + 1;'}
  }
}

export async function twoIncrements(counter: Counter): Promise<void> {
  const first = counter.increment();
  await counter.pause();
  const second = counter.increment();
  await Promise.all([first, second]);
}
`;

const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Counter, twoIncrements } from '../../src/counter.ts';

test('two increments count two', async () => {
  const counter = new Counter();
  await twoIncrements(counter);
  assert.equal(counter.value, 2);
});
`;

// The sequential suite rank mines its reference invariants from: one increment at a time.
const UNIT = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Counter } from '../../src/counter.ts';

test('increments one at a time count each', async () => {
  const counter = new Counter();
  await counter.increment();
  await counter.increment();
  assert.equal(counter.value, 2);
});
`;

export function counterProject(fixed: boolean): string {
  return tempProject({
    'package.json': '{ "name": "counter", "type": "module", "private": true }\n',
    'conlens.config.json': '{ "include": ["src/**/*.ts"], "unit": { "command": "node --test test/unit/counter.test.ts" }, "integration": { "command": "node --test test/integration/counter.test.ts", "runs": 10 } }\n',
    'src/counter.ts': counter(fixed),
    'test/unit/counter.test.ts': UNIT,
    'test/integration/counter.test.ts': TEST,
  });
}
