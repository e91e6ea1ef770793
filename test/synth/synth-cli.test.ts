// `conlens synth` end to end: INTRUDER on the running example writes the test of 000 §3.6 (two A
// objects made to share one B through the setter setF, foo on each), readable, naming the pair,
// the field, the feasibility reason and the seed test; run as written it exposes the lost update.
// A candidate whose argument the seed test wrote inline (an anonymous callback) is skipped, with
// the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { conlens, runTest } from '../helpers/cli.ts';
import { tempProject } from '../helpers/temp-project.ts';

const FIXTURE = join(__dirname, 'fixtures', 'intruder-running-example');

test('conlens synth --method intruder on 000 Fig. 5/8 writes the setter test of §3.6 and the bar ∥ zee test', () => {
  const out = join(FIXTURE, '.conlens', `synth-cli-${process.pid}`);
  try {
    const { status, stdout, stderr } = conlens(['synth', FIXTURE, '--method', 'intruder', '--out', out]);
    assert.equal(status, 0, stderr);
    assert.match(stdout, /2 concurrent test\(s\) written/);
    assert.match(stdout, /A\.foo {2}∥ {2}A\.foo {3}on B\.count {3}\[intruder\]/);
    assert.match(stdout, /A\.bar {2}∥ {2}A\.zee {3}on C\.size/);
    const synth = JSON.parse(readFileSync(join(out, 'synth.json'), 'utf8'));
    const foo = synth.tests.find((t: { parts: string[][] }) => t.parts.flat().join() === 'A.foo,A.foo');
    assert.match(foo.reason, /A\.this guards both, but setF sets A\.f/);
    assert.match(foo.detail, /PC-R pair \(d\d+, d\d+\), p\/c = R\/W in foo/);
    const text = readFileSync(join(out, foo.name), 'utf8');
    assert.match(text, /Seed test: +test\/unit\/running-example\.test\.ts › "foo counts"/);
    // Alg. 5 lines 9-11: two distinct A objects, setF on each with one shared B, foo on each.
    assert.match(text, /const (a\d+) = new m0\.A\(\);[\s\S]*const (a\d+) = new m0\.A\(\);[\s\S]*const (b\d+) = new m0\.B\(\);\n\s*await \1\.setF\(\3\);\n\s*await \2\.setF\(\3\);/);
    assert.match(runTest(join(out, foo.name), FIXTURE), /FAILED[\s\S]*concurrency error: no linearization shows/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('an argument the seed test wrote inline is not invented: the candidate is skipped with the reason', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/unit/*.test.ts' } }),
    'src/jobs.ts': `export class Jobs {
  done = 0;
  async run(job: () => Promise<void>): Promise<void> {
    const n = this.done;
    await job();
    this.done = n + 1;
  }
}`,
    'test/unit/jobs.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Jobs } from '../../src/jobs.ts';
test('run counts', async () => {
  const jobs = new Jobs();
  await jobs.run(async () => {});
  assert.equal(jobs.done, 1);
});`,
  }, ['async-mutex']);
  const { status, stdout, stderr } = conlens(['synth', root, '--method', 'intruder']);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /0 concurrent test\(s\) written/);
  assert.match(stdout, /skipped 1 candidate\(s\):\n {2}Jobs\.run ∥ Jobs\.run on Jobs\.done: a function argument \(anonymous\) written inline in the seed test/);
});

test('a method the unit tests reach only through another function is skipped with that reason, not "threw"', () => {
  const root = tempProject({
    'package.json': '{ "type": "module" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.ts'], unit: { command: 'node --test test/unit/*.test.ts' } }),
    'src/auth.ts': `export class Source {
  issued = 0;
  async fetchToken(): Promise<string> {
    await new Promise((r) => setTimeout(r, 1));
    this.issued++;
    return 'tok-' + this.issued;
  }
}
export class Client {
  token: string | undefined;
  constructor(private readonly source: Source) {}
  async getToken(): Promise<string> {
    if (this.token === undefined) this.token = await this.source.fetchToken();
    return this.token;
  }
}`,
    'test/unit/auth.test.ts': `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, Source } from '../../src/auth.ts';
test('caches the token', async () => {
  const client = new Client(new Source());
  assert.equal(await client.getToken(), 'tok-1');
  assert.equal(await client.getToken(), 'tok-1');
});`,
  }, []);
  const { status, stdout, stderr } = conlens(['synth', root, '--method', 'he']);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /Source\.fetchToken ∥ Source\.fetchToken on Source\.issued: the unit tests never call Source\.fetchToken themselves \(only other functions do\)/);
  assert.doesNotMatch(stdout, /without an error/);
});

test('CommonJS module functions (exports.f = function …) sharing module state: the test loads the module afresh for each run, and the oversell fails it', () => {
  const root = tempProject({
    'package.json': '{ "name": "cjs-inventory" }',
    'conlens.config.json': JSON.stringify({ include: ['src/**/*.js'], unit: { command: 'node --test test/' } }),
    'src/inventory.js': `const stock = new Map();
const io = () => new Promise((r) => setImmediate(r));
exports.restock = function restock(sku, n) { stock.set(sku, (stock.get(sku) ?? 0) + n); };
exports.reserve = async function reserve(sku, n) {
  const have = stock.get(sku) ?? 0;
  if (have < n) return false;
  await io();
  stock.set(sku, have - n);
  return true;
};`,
    'test/inventory.test.js': `const { test } = require('node:test');
const assert = require('node:assert');
const inv = require('../src/inventory.js');
test('reserve takes from stock', async () => {
  inv.restock('apple', 3);
  assert.equal(await inv.reserve('apple', 2), true);
});`,
  });
  const { status, stdout, stderr } = conlens(['synth', root, '--method', 'intruder']);
  assert.equal(status, 0, stderr);
  assert.match(stdout, /[1-9]\d* concurrent test\(s\) written/);
  assert.doesNotMatch(stdout, /CommonJS module|not a method or exported function/);
  const dir = join(root, '.conlens', 'synth');
  const reserves = readdirSync(dir).filter((f) => /^synth-.*-reserve-reserve\.test\.ts$/.test(f));
  assert.equal(reserves.length, 1, readdirSync(dir).join(', '));
  const file = join(dir, reserves[0]);
  assert.match(readFileSync(file, 'utf8'), /const m0 = requireAfresh\("\.\.\/\.\.\/src\/inventory\.js"\);/);
  assert.match(runTest(file, root), /concurrency error: no linearization shows what the concurrent run did/);
});
