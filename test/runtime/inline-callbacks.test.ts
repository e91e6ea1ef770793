// recorder/calls.ts `cb`: an inline callback runs in the flow that calls it. A listener written in
// a constructor and run by two later emits (from two tasks) is two flows, not the constructor's
// finished activation twice: the lost update between them is found as one task interrupting the
// other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { loadConfig } from '../../src/core/config/index.ts';
import type { Violation } from '../../src/core/active/index.ts';
import { interleavingOf } from '../../src/core/localize/interleaving.ts';
import { tempProject } from '../helpers/temp-project.ts';
import { firstViolation } from '../helpers/first-violation.ts';

const OUT = mkdtempSync(join(tmpdir(), 'conlens-inline-cb-'));
after(() => rmSync(OUT, { recursive: true, force: true }));

const SHOP = {
  'package.json': '{ "type": "module" }',
  'conlens.config.json': JSON.stringify({ include: ['src/**'], integration: { command: 'node --test test/*.test.ts' } }),
  'src/shop.ts': `import { EventEmitter } from 'node:events';
export class Inventory {
  private stock = new Map<string, number>();
  set(item: string, n: number) { this.stock.set(item, n); }
  async reserve(item: string): Promise<boolean> {
    const n = this.stock.get(item) ?? 0;
    if (n <= 0) return false;
    await new Promise<void>((done) => setImmediate(done));
    this.stock.set(item, n - 1);
    return true;
  }
}
export class Shop extends EventEmitter {
  sold: string[] = [];
  constructor(private inventory: Inventory) {
    super();
    this.on('order', async (item: string, buyer: string) => {
      if (await this.inventory.reserve(item)) this.sold.push(buyer);
      this.emit('handled');
    });
  }
  order(item: string, buyer: string) { this.emit('order', item, buyer); }
}
`,
  'test/shop.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Inventory, Shop } from '../src/shop.ts';
test('two buyers, one lamp', async () => {
  const inventory = new Inventory();
  inventory.set('lamp', 1);
  const shop = new Shop(inventory);
  const handled = new Promise<void>((resolve) => { let n = 0; shop.on('handled', () => { if (++n === 2) resolve(); }); });
  shop.order('lamp', 'ann');
  shop.order('lamp', 'bob');
  await handled;
  assert.equal(shop.sold.length, 1, 'sold to ' + shop.sold.join(' and '));
});
`,
};

test('a listener added in a constructor runs in the flow of each emit: two buyers are two tasks, and their lost update is found', async () => {
  const found = await firstViolation(loadConfig(tempProject(SHOP)), { strategy: 'random', runs: 4, seed: 1, out: OUT });
  assert.ok(found.violations >= 1, 'no violation in seeds 1–4');
  const violation = JSON.parse(readFileSync(found.outcomes.find((o) => o.violationFile)!.violationFile!, 'utf8')) as Violation;
  const interleaving = interleavingOf(violation);
  assert.ok(interleaving, `no interleaving between two tasks:\n${violation.schedule.map((s) => `${s.task} ${s.function} ${s.event}`).join('\n')}`);
  assert.equal(interleaving.pattern, 'R-W-W');
  assert.equal(interleaving.region.owner, 'Inventory.reserve');
  assert.notEqual(interleaving.region.task, interleaving.conflicting.task);
  // Each buyer's flow is its own `order` call, not the constructor that wrote the listener.
  assert.ok(!violation.schedule.some((s) => s.function === 'Shop.constructor' && /resumes after/.test(s.event)), 'a step ran as the finished constructor');
});
