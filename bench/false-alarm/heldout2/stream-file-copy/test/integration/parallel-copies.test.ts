import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyNumbered } from '../../src/copy.ts';

const lines = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag} line ${i} ${'.'.repeat(i % 17)}`);
const numbered = (ls: string[]) => ls.map((l, i) => `${i + 1}: ${l}\n`).join('');

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'copy-int-'));
  try {
    await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('three copies at once, each output is its own input numbered', async () => {
  await withDir(async (dir) => {
    const inputs = { a: lines('a', 200), b: lines('b', 50), c: lines('c', 120) };
    for (const [k, ls] of Object.entries(inputs)) await writeFile(join(dir, `${k}.txt`), ls.join('\n'));
    const results = await Promise.all(Object.keys(inputs).map((k) => copyNumbered(join(dir, `${k}.txt`), join(dir, `${k}.out`), 32)));
    assert.deepEqual(results.map((r) => r.lines), [200, 50, 120]);
    for (const [k, ls] of Object.entries(inputs)) assert.equal(await readFile(join(dir, `${k}.out`), 'utf8'), numbered(ls));
    assert.equal((await readdir(dir)).filter((f) => f.endsWith('.part')).length, 0);
  });
});

test('one source copied to two targets at once', async () => {
  await withDir(async (dir) => {
    const ls = lines('s', 150);
    await writeFile(join(dir, 'src.txt'), ls.join('\n'));
    const [x, y] = await Promise.all([
      copyNumbered(join(dir, 'src.txt'), join(dir, 'x.out'), 20),
      copyNumbered(join(dir, 'src.txt'), join(dir, 'y.out'), 50),
    ]);
    assert.equal(x.bytes, y.bytes);
    assert.equal(await readFile(join(dir, 'x.out'), 'utf8'), numbered(ls));
    assert.equal(await readFile(join(dir, 'y.out'), 'utf8'), numbered(ls));
  });
});

test('two copies racing to the same target: the target is one whole copy', async () => {
  await withDir(async (dir) => {
    const a = lines('first', 80);
    const b = lines('second', 90);
    await writeFile(join(dir, 'a.txt'), a.join('\n'));
    await writeFile(join(dir, 'b.txt'), b.join('\n'));
    await Promise.all([copyNumbered(join(dir, 'a.txt'), join(dir, 't.out'), 16), copyNumbered(join(dir, 'b.txt'), join(dir, 't.out'), 16)]);
    const text = await readFile(join(dir, 't.out'), 'utf8');
    assert.ok(text === numbered(a) || text === numbered(b), 'never a mix of both');
    assert.deepEqual((await readdir(dir)).sort(), ['a.txt', 'b.txt', 't.out']);
  });
});

test('a failing copy next to good ones leaves the good ones intact', async () => {
  await withDir(async (dir) => {
    const ls = lines('ok', 40);
    await writeFile(join(dir, 'ok.txt'), ls.join('\n'));
    const results = await Promise.allSettled([
      copyNumbered(join(dir, 'ok.txt'), join(dir, 'one.out')),
      copyNumbered(join(dir, 'missing.txt'), join(dir, 'bad.out')),
      copyNumbered(join(dir, 'ok.txt'), join(dir, 'two.out')),
    ]);
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
    assert.deepEqual((await readdir(dir)).sort(), ['ok.txt', 'one.out', 'two.out']);
    assert.equal(await readFile(join(dir, 'two.out'), 'utf8'), numbered(ls));
  });
});
