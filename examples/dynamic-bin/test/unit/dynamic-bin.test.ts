import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DoubleArrayList } from '../../src/double-array-list.ts';
import { DynamicBin1D, type BinBinFunction1D } from '../../src/dynamic-bin.ts';
import { DRand, Uniform } from '../../src/random.ts';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const sumDifference: BinBinFunction1D = (x, y) => sum(x) - sum(y);
const datasets = [[], [7], [1, 2], [10, 20, 30, 40], [3, 1, 4, 1, 5, 9, 2, 6]];

test('DRand is deterministic per seed and raw() stays in (0, 1)', () => {
  for (const seed of [1, 2, 7, 42, 1000]) {
    const a = new DRand(seed);
    const b = new DRand(seed);
    for (let i = 0; i < 50; i++) {
      const x = a.raw();
      assert.equal(x, b.raw());
      assert.ok(x > 0 && x < 1);
    }
  }
});

test('Uniform.nextIntFromTo stays in [from, to]', () => {
  for (const seed of [1, 3, 5]) {
    const uniform = new Uniform(new DRand(seed));
    for (const [from, to] of [[0, 0], [0, 3], [2, 9], [-5, 5]]) {
      for (let i = 0; i < 20; i++) {
        const k = uniform.nextIntFromTo(from, to);
        assert.ok(Number.isInteger(k) && k >= from && k <= to, `${k} not in [${from}, ${to}]`);
      }
      const d = uniform.nextDouble();
      assert.ok(d > 0 && d < 1);
    }
  }
});

test('DoubleArrayList adds, reads, clears', () => {
  for (const data of datasets) {
    const list = new DoubleArrayList();
    for (const x of data) list.add(x);
    assert.equal(list.size(), data.length);
    data.forEach((x, i) => assert.equal(list.getQuick(i), x));
    assert.deepEqual(list.toArray(), data);
    list.clear();
    assert.equal(list.size(), 0);
    assert.deepEqual(list.toArray(), []);
    assert.deepEqual(new DoubleArrayList(data).toArray(), data);
  }
});

test('add, addAllOf, size and toArray', async () => {
  for (const data of datasets) {
    const bin = new DynamicBin1D();
    for (const x of data) await bin.add(x);
    assert.equal(await bin.size(), data.length);
    assert.deepEqual(await bin.toArray(), data);
    await bin.addAllOf(data);
    assert.equal(await bin.size(), 2 * data.length);
    assert.deepEqual(await bin.toArray(), [...data, ...data]);
    assert.deepEqual(await new DynamicBin1D(data).toArray(), data);
  }
});

test('clear empties the bin', async () => {
  for (const data of datasets) {
    const bin = new DynamicBin1D(data);
    await bin.clear();
    assert.equal(await bin.size(), 0);
    assert.deepEqual(await bin.toArray(), []);
    await bin.add(99);
    assert.deepEqual(await bin.toArray(), [99]);
  }
});

test('sample with replacement draws n elements of the bin', async () => {
  for (const data of datasets.filter((d) => d.length > 0)) {
    for (const [n, seed] of [[1, 1], [3, 2], [data.length, 3], [10, 4]]) {
      const bin = new DynamicBin1D(data);
      const buffer = new DoubleArrayList([-1, -2]);
      await bin.sample(n, true, new DRand(seed), buffer);
      assert.equal(buffer.size(), n);
      for (const x of buffer.toArray()) assert.ok(data.includes(x));
      const again = new DoubleArrayList();
      await bin.sample(n, true, new DRand(seed), again);
      assert.deepEqual(again.toArray(), buffer.toArray());
    }
  }
});

test('sample without replacement draws n distinct positions in order', async () => {
  for (const data of datasets) {
    for (let n = 0; n <= data.length; n++) {
      const bin = new DynamicBin1D(data.map((x, i) => x * 100 + i));
      const buffer = new DoubleArrayList();
      await bin.sample(n, false, new DRand(n + 1), buffer);
      const drawn = buffer.toArray();
      assert.equal(drawn.length, n);
      const positions = drawn.map((x) => ((x % 100) + 100) % 100);
      assert.deepEqual(positions, [...new Set(positions)].sort((a, b) => a - b));
    }
    await assert.rejects(new DynamicBin1D(data).sample(data.length + 1, false, new DRand(), new DoubleArrayList()), RangeError);
  }
});

test('sample with the default generator', async () => {
  const bin = new DynamicBin1D([4, 5, 6]);
  const buffer = new DoubleArrayList();
  await bin.sample(5, true, null, buffer);
  assert.equal(buffer.size(), 5);
});

test('sampleBootstrap: one statistic per resample, each from full-size samples', async () => {
  const sizes: BinBinFunction1D = (x, y) => x.length * 1000 + y.length;
  for (const [d1, d2] of [[[1, 2, 3], [10, 20]], [[7], [1, 2, 3, 4]], [[3, 1, 4, 1, 5], [9, 2, 6]], [[1, 2], []]]) {
    for (const resamples of [1, 3, 6]) {
      const bin1 = new DynamicBin1D(d1);
      const bin2 = new DynamicBin1D(d2);
      const result = await bin1.sampleBootstrap(bin2, resamples, new DRand(resamples), sizes);
      assert.deepEqual(await result.toArray(), Array(resamples).fill(d1.length * 1000 + d2.length));
      assert.deepEqual(await bin1.toArray(), d1);
      assert.deepEqual(await bin2.toArray(), d2);
    }
  }
});

test('sampleBootstrap is deterministic for a seeded generator and stays in range', async () => {
  for (const seed of [1, 7, 11]) {
    const run = async () =>
      (await new DynamicBin1D([1, 2, 3, 4, 5]).sampleBootstrap(new DynamicBin1D([10, 20, 30, 40]), 4, new DRand(seed), sumDifference)).toArray();
    const first = await run();
    assert.deepEqual(await run(), first);
    for (const x of first) assert.ok(x >= 5 - 160 && x <= 25 - 40);
  }
});

test('sampleBootstrap against an empty bin, and with the default generator', async () => {
  const result = await new DynamicBin1D([2, 2]).sampleBootstrap(new DynamicBin1D(), 3, null, sumDifference);
  assert.deepEqual(await result.toArray(), [4, 4, 4]);
});

test('sampleBootstrap of a bin with itself is refused', async () => {
  const bin = new DynamicBin1D([1, 2]);
  await assert.rejects(bin.sampleBootstrap(bin, 2, new DRand(), sumDifference), TypeError);
});

test('Figure 1 run serially: sampleBootstrap then clear, clear then sampleBootstrap', async () => {
  const bin1 = new DynamicBin1D([1, 2, 3]);
  const bin2 = new DynamicBin1D([10, 20]);
  const first = await bin1.sampleBootstrap(bin2, 2, new DRand(5), (x, y) => y.length);
  assert.deepEqual(await first.toArray(), [2, 2]);
  await bin2.clear();
  const second = await bin1.sampleBootstrap(bin2, 2, new DRand(5), (x, y) => y.length);
  assert.deepEqual(await second.toArray(), [0, 0]);
});
