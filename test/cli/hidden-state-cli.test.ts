// State the instrumentation did not see, end to end: module and closure variables (the lazy
// singleton whose check and act straddle an await on a module `let` — the most common Node
// shape —, a closure counter) and `#private` fields. Before, the violation read "the schedule
// shows no conflicting accesses of two tasks" and a helper under the guilty function ranked first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conlens } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

interface Report {
  positions: { rank: number; function: string; confirmed: boolean }[];
  summary: { violations: number };
  violations: { story?: string }[];
}

const SINGLETON = `let instance: { id: number } | undefined;
let connects = 0;
async function connect(): Promise<{ id: number }> {
  await new Promise((r) => setTimeout(r, 1));
  connects++;
  return { id: connects };
}
export async function getDb(): Promise<{ id: number }> {
  if (!instance) {
    instance = await connect();
  }
  return instance;
}
export function connections(): number { return connects; }
`;

const STATS = `export function createStats() {
  let total = 0;
  async function persist(value: number): Promise<void> { await new Promise((r) => setImmediate(r, value)); }
  return {
    async add(n: number): Promise<number> {
      const current = total;
      await persist(current + n);
      total = current + n;
      return total;
    },
    total: () => total,
  };
}
`;

const POOL = `export class SeatPool {
  #free: number;
  #holders: string[] = [];
  constructor(seats: number) { this.#free = seats; }
  async #confirm(who: string): Promise<void> {
    await new Promise((r) => setImmediate(r));
    this.#holders.push(who);
  }
  async take(who: string): Promise<boolean> {
    if (this.#free === 0) return false;
    await this.#confirm(who);
    this.#free = this.#free - 1;
    return true;
  }
  get holders(): string[] { return [...this.#holders]; }
}
`;

/** A node:test project: `file` under src/, its unit and integration test importing `names`. */
function project(file: string, source: string, names: string, unit: string, integration: string): string {
  const head = `import { test } from 'node:test'; import assert from 'node:assert/strict'; import { ${names} } from '../src/${file}';\n`;
  return tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**'], unit: { command: 'node --test test/unit.test.ts' }, integration: { command: 'node --test test/integration.test.ts' } }),
    [`src/${file}`]: source,
    'test/unit.test.ts': `${head}${unit}\n`,
    'test/integration.test.ts': `${head}${integration}\n`,
  });
}

function rank(root: string): { report: Report; stdout: string; stderr: string; status: number | null } {
  const { status, stdout, stderr } = conlens(['rank', root, '--runs', '3', '--jobs', '2', '--json', join(root, 'rank.json')]);
  return { report: JSON.parse(readFileSync(join(root, 'rank.json'), 'utf8')) as Report, stdout, stderr, status };
}

test('a lazy singleton on a module variable: getDb first, the story names `instance`', () => {
  const root = project('db.ts', SINGLETON, 'getDb, connections',
    "test('one connection', async () => { assert.equal(await getDb(), await getDb()); assert.equal(connections(), 1); });",
    "test('two at once', async () => { await Promise.all([getDb(), getDb()]); assert.equal(connections(), 1); });");
  const { report, stdout, stderr, status } = rank(root);
  assert.ok(report.summary.violations > 0, `no run failed:\n${stderr}`);
  assert.equal(status, 1);
  assert.equal(report.positions[0].function, 'getDb', JSON.stringify(report.positions));
  assert.ok(report.positions[0].confirmed);
  assert.match(report.violations[0].story ?? '', /read `instance` \(undefined\) at db\.ts:9[\s\S]*wrote `instance`/);
  assert.match(stdout, /reads `instance` \(undefined\)/);
});

test('a closure counter: the returned method that reads and writes the captured variable ranks first', () => {
  const root = project('stats.ts', STATS, 'createStats',
    "test('adds', async () => { const s = createStats(); await s.add(1); await s.add(2); assert.equal(s.total(), 3); });",
    "test('two at once', async () => { const s = createStats(); await Promise.all([s.add(1), s.add(2)]); assert.equal(s.total(), 3); });");
  const { report, stderr } = rank(root);
  assert.ok(report.summary.violations > 0, `no run failed:\n${stderr}`);
  assert.equal(report.positions[0].function, 'createStats.add', JSON.stringify(report.positions));
  assert.match(report.violations[0].story ?? '', /read `total` \(0\)/);
});

test('a #private field: the method whose check and act straddle the await ranks first; a private read shows no made-up value', () => {
  const root = project('pool.ts', POOL, 'SeatPool',
    "test('last seat', async () => { const p = new SeatPool(1); assert.equal(await p.take('a'), true); assert.equal(await p.take('b'), false); });",
    "test('two buyers', async () => { const p = new SeatPool(1); await Promise.all([p.take('a'), p.take('b')]); assert.equal(p.holders.length, 1); });");
  const { report, stdout, stderr } = rank(root);
  assert.ok(report.summary.violations > 0, `no run failed:\n${stderr}`);
  assert.equal(report.positions[0].function, 'SeatPool.take', JSON.stringify(report.positions));
  assert.match(report.violations[0].story ?? '', /read `#free` at pool\.ts:10 and awaited at pool\.ts:11/);
  assert.match(stdout, /writes `#free` \(0\)/);
  assert.match(stdout, /writes the elements of this\.#holders via push\(\)/);
});
