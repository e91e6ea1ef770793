// Build time only (scripts/build.mjs runs `node dist/code-cache-writer.cjs <bundle>…` in a fresh
// process with default flags): writes each bundle's V8 code cache (code-cache.ts) after a warm-up
// that runs what a typical use runs, so the cache holds those functions compiled and not only the
// bundle's top level. Not shipped: a missing cache only means V8 compiles as usual.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { bundleStamp, CODE_CACHE_SUFFIX, compileBundle, readCodeCache } from './code-cache.js';
import type * as Transpile from './transpile.js';

// What the loader transpiles all day: classes, fields, awaits in every position, generators,
// callbacks, collections, destructuring, try/finally.
const SAMPLE = `import { readFile } from 'node:fs';
export class Account {
  private balance = 0;
  readonly log: string[] = [];
  static #count = 0;
  constructor(private readonly name: string, public limit?: number) { Account.#count++; }
  async deposit(amount: number): Promise<number> {
    const seen = this.balance;
    await new Promise<void>((done) => setTimeout(done, 0));
    this.balance = seen + amount;
    this.log.push(\`\${this.name}: +\${amount}\`);
    return this.balance;
  }
  get total(): number { return this.balance; }
}
export async function* pages(ids: number[]): AsyncGenerator<number> { for (const id of ids) yield await Promise.resolve(id); }
export async function sum(source: AsyncIterable<number>): Promise<number> { let n = 0; for await (const x of source) n += x; return n; }
export function load(path: string, done: (error: Error | null, text?: string) => void): void {
  readFile(path, 'utf8', (error, text) => { if (error) done(error); else done(null, text); });
}
const cache = new Map<string, { value: number; at: number }>();
export async function cached(key: string, compute: () => Promise<number>): Promise<number> {
  const hit = cache.get(key);
  if (hit) return hit.value;
  try {
    const { value = 0, ...rest } = { value: await compute(), at: Date.now() };
    cache.set(key, { value, at: rest.at });
    return value;
  } finally {
    queueMicrotask(() => void 0);
  }
}
`;

async function warmUp(name: string, exports: unknown, repo: string): Promise<void> {
  if (name === 'transpile.cjs') {
    const { transpileTypeScript } = exports as typeof Transpile;
    const file = '/conlens-warm-up/src/sample.ts';
    for (const format of ['module', 'commonjs'] as const) {
      transpileTypeScript(SAMPLE, file, format);
      transpileTypeScript(SAMPLE, file, format, { file: 'src/sample.ts', fields: true, lockMethods: ['lock'], acquireMethods: ['acquire'], scheduled: true });
    }
  } else if (name === 'cli-main.cjs') {
    // A command that loads a project with ts-morph, as rank, fuzz and graph do (its output goes
    // nowhere: the build runs this process with stdout ignored).
    const { main } = exports as { main(argv: string[]): Promise<number> };
    await main(['graph', join(repo, 'examples', 'running-example'), '--json', '-']);
  }
}

async function write(file: string, repo: string): Promise<void> {
  const target = file + CODE_CACHE_SUFFIX;
  rmSync(target, { force: true });
  const { script, exports } = compileBundle(file);
  await warmUp(basename(file), exports, repo);
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat([Buffer.from(bundleStamp(file)), script.createCachedData()]));
  renameSync(temporary, target);
}

const repo = resolve(__dirname, '..');
void (async () => {
  // A cache made from the bundle as it is stays (the build leaves unchanged bundles untouched).
  for (const file of process.argv.slice(2)) if (!readCodeCache(resolve(file))) await write(resolve(file), repo);
})().catch((error: Error) => {
  process.stderr.write(`code cache: ${error.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
