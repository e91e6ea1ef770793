// A synthetic project for bench/runners.mjs: 30 TypeScript source files (a ledger class each, with
// a mutex, awaits, field and collection accesses; every third file starts a chain of three that
// import each other) and 60 tests in 10 files, the same test bodies under every runner — only the
// line importing `test` differs. Large enough that per-file costs (transpiling, instrumenting,
// loading) show, unlike the examples' one- and two-file suites.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MODULES = 30;
const PER_FILE = 3;
const pad = (i) => String(i).padStart(2, '0');

function source(i) {
  const n = pad(i);
  const up = i % PER_FILE === 0 ? undefined : pad(i - 1);
  return `import { Mutex } from 'async-mutex';
${up ? `import { Ledger${up} } from './mod-${up}.ts';\n` : ''}
/** One key's value in ledger ${n}, with the number of times it was written. */
export interface Entry${n} {
  key: string;
  value: number;
  version: number;
}

/** Something a ledger can forward its entries to. */
export interface Sink${n} {
  put(key: string, value: number): Promise<void>;
}

function later(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class Ledger${n} implements Sink${n} {
  private readonly lock = new Mutex();
  private readonly entries = new Map<string, Entry${n}>();
  private total = 0;
  private readonly history: string[] = [];

  constructor(readonly name: string, private readonly upstream?: Sink${n}) {}

  async get(key: string): Promise<number | undefined> {
    await later();
    return this.entries.get(key)?.value;
  }

  async put(key: string, value: number): Promise<void> {
    await this.lock.runExclusive(async () => {
      const previous = this.entries.get(key);
      await later();
      this.total += value - (previous?.value ?? 0);
      this.entries.set(key, { key, value, version: (previous?.version ?? 0) + 1 });
      this.history.push(\`put \${key}=\${value}\`);
    });
  }

  /** Reads, then writes: two lock regions with an await between them. */
  async add(key: string, amount: number): Promise<number> {
    const current = (await this.get(key)) ?? 0;
    await this.put(key, current + amount);
    return current + amount;
  }

  async move(from: string, to: string, amount: number): Promise<boolean> {
    const release = await this.lock.acquire();
    try {
      const source = this.entries.get(from);
      if (!source || source.value < amount) return false;
      await later();
      const target = this.entries.get(to) ?? { key: to, value: 0, version: 0 };
      this.entries.set(from, { ...source, value: source.value - amount, version: source.version + 1 });
      this.entries.set(to, { ...target, value: target.value + amount, version: target.version + 1 });
      this.history.push(\`move \${from}->\${to} \${amount}\`);
      return true;
    } finally {
      release();
    }
  }

  /** Forwards every entry to the upstream sink; the total it forwarded. */
  async sync(): Promise<number> {
    let forwarded = 0;
    for (const [key, entry] of [...this.entries].sort(([a], [b]) => a.localeCompare(b))) {
      if (this.upstream) await this.upstream.put(\`\${this.name}/\${key}\`, entry.value);
      forwarded += entry.value;
    }
    return forwarded;
  }

  get totalValue(): number {
    return this.total;
  }

  snapshot(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [key, entry] of [...this.entries].sort(([a], [b]) => a.localeCompare(b))) out[key] = entry.value;
    return out;
  }

  versions(): number[] {
    return [...this.entries.values()].map((entry) => entry.version).sort((a, b) => a - b);
  }
}

/** Puts 1, 2, 3, … under the keys, concurrently. */
export async function fill${n}(ledger: Ledger${n}, keys: string[]): Promise<number> {
  await Promise.all(keys.map((key, i) => ledger.put(key, i + 1)));
  return ledger.totalValue;
}
${up ? `
/** A ledger ${n} whose upstream is a fresh ledger ${up}. */
export function chained${n}(name: string): { ledger: Ledger${n}; upstream: Ledger${up} } {
  const upstream = new Ledger${up}(\`\${name}-up\`);
  return { ledger: new Ledger${n}(name, upstream), upstream };
}
` : ''}`;
}

function tests(i) {
  const n = pad(i);
  const up = i % PER_FILE === 0 ? undefined : pad(i - 1);
  return `
test('ledger ${n} keeps the values put and their total', async () => {
  const ledger = new Ledger${n}('l${n}');
  assert.equal(await fill${n}(ledger, ['a', 'b', 'c']), 6);
  assert.deepEqual(ledger.snapshot(), { a: 1, b: 2, c: 3 });
  assert.equal(await ledger.add('a', 5), 6);
  assert.equal(ledger.totalValue, 11);
  assert.deepEqual(ledger.versions(), [1, 1, 2]);
});

test('ledger ${n} moves between keys and syncs upstream', async () => {
${up ? `  const { ledger, upstream } = chained${n}('l${n}');` : `  const upstream = new Ledger${n}('up');\n  const ledger = new Ledger${n}('l${n}', upstream);`}
  await ledger.put('x', 10);
  assert.equal(await ledger.move('x', 'y', 4), true);
  assert.equal(await ledger.move('x', 'y', 40), false);
  assert.deepEqual(ledger.snapshot(), { x: 6, y: 4 });
  assert.equal(await ledger.sync(), 10);
  assert.deepEqual(upstream.snapshot(), { 'l${n}/x': 6, 'l${n}/y': 4 });
});
`;
}

const TEST_IMPORT = {
  node: "import { test } from 'node:test';",
  mocha: "import { it as test } from 'mocha';",
  jest: "import { test } from '@jest/globals';",
  vitest: "import { test } from 'vitest';",
};

/** Writes the project for `runner` into `dir`; returns the test arguments of its unit command. */
export function writeSyntheticSuite(dir, runner) {
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'test', 'unit'), { recursive: true });
  for (let i = 0; i < MODULES; i++) writeFileSync(join(dir, 'src', `mod-${pad(i)}.ts`), source(i));
  const suffix = runner === 'mocha' ? 'spec' : 'test';
  const files = [];
  for (let g = 0; g < MODULES / PER_FILE; g++) {
    const members = Array.from({ length: PER_FILE }, (_, k) => g * PER_FILE + k);
    const imports = members.map((i) => {
      const names = [`Ledger${pad(i)}`, `fill${pad(i)}`, ...(i % PER_FILE ? [`chained${pad(i)}`] : [])];
      return `import { ${names.join(', ')} } from '../../src/mod-${pad(i)}.ts';`;
    });
    const file = `test/unit/group-${pad(g)}.${suffix}.ts`;
    writeFileSync(join(dir, file), `${TEST_IMPORT[runner]}\nimport assert from 'node:assert/strict';\n${imports.join('\n')}\n${members.map(tests).join('')}`);
    files.push(file);
  }
  if (runner === 'jest') {
    // As the Jest fixtures (test/runners/jest): CommonJS through ts-jest.
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'synthetic-jest', private: true }));
    writeFileSync(join(dir, 'jest.config.cjs'), `module.exports = { testEnvironment: 'node', roots: ['<rootDir>/test'], transform: { '^.+\\\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] } };\n`);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'Node16', moduleResolution: 'Node16', strict: true, allowImportingTsExtensions: true, noEmit: true, esModuleInterop: true, skipLibCheck: true, sourceMap: true }, include: ['**/*.ts'] }));
    return ['test/unit'];
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `synthetic-${runner}`, private: true, type: 'module' }));
  if (runner === 'vitest') {
    writeFileSync(join(dir, 'vitest.config.ts'), "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { include: ['test/**/*.test.ts'] } });\n");
    return ['test/unit'];
  }
  return files;
}
