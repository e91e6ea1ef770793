import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { SA } from '../../src/sa.ts';
import { SB } from '../../src/sb.ts';
import { shared } from '../../src/shared.ts';

// 004 §III-B: unit testing of component A alone (Thread 2), 20 test cases covering every branch:
// z is each integer in [0, 9], y is drawn once below 0.5 (func4) and once above (func3).
const LOW_Y = [0.05, 0.12, 0.18, 0.23, 0.29, 0.34, 0.38, 0.41, 0.46, 0.5];
const HIGH_Y = [0.52, 0.57, 0.61, 0.66, 0.7, 0.75, 0.81, 0.88, 0.93, 0.99];

beforeEach(() => {
  shared.x = 1; // the value func1 is supposed to read
});

for (let z = 0; z <= 9; z++) {
  for (const y of [LOW_Y[z], HIGH_Y[z]]) {
    test(`SA.run with z=${z}, y=${y}`, async () => {
      const sa = new SA(y, z);
      await sa.run();
      assert.equal(sa.xx, z + 1);
      if (y > 0.5) {
        assert.equal(sa.z, z + 1); // func3
        assert.equal(sa.y, y);
      } else {
        assert.equal(sa.z, z); // func4
        assert.equal(sa.y, y * 2);
      }
    });
  }
}

test('func1 then func2, step by step, as run() calls them', async () => {
  for (let z = 0; z <= 9; z++) {
    const y = z % 2 === 0 ? HIGH_Y[9 - z] : LOW_Y[9 - z];
    const sa = new SA(y, z);
    await sa.func1();
    assert.equal(sa.xx, z + 1);
    assert.equal(sa.z, z);
    sa.func2();
    assert.equal(sa.xx, z + 1);
    assert.equal(sa.z, y > 0.5 ? z + 1 : z);
  }
});

test('func3 and func4 called directly after func1', async () => {
  for (const z of [0, 3, 8]) {
    const a = new SA(0.75, z);
    await a.func1();
    a.func3();
    assert.equal(a.z, a.xx);
    const b = new SA(0.25, z);
    await b.func1();
    b.func4();
    assert.equal(b.xx - b.z, 1);
    assert.equal(b.y, 0.5);
  }
});

test('Thread 1 on its own decreases x by 5', async () => {
  const sb = new SB();
  await sb.run();
  assert.equal(shared.x, -4);
});

test('Thread 2 runs completely before Thread 1: func1 reads x == 1', async () => {
  const sa = new SA(0.4, 8);
  await sa.run();
  await new SB().run();
  assert.equal(sa.xx, 9);
  assert.equal(shared.x, -4);
});
