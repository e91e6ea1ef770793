import { beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { SA } from '../../src/sa.ts';
import { SB } from '../../src/sb.ts';
import { shared } from '../../src/shared.ts';

// 004 Fig. 2: integration testing of Thread 2 (SA) with its real surroundings (Thread 1, SB),
// both running at once. func1 must read x == 1, i.e. SB.func() must come after that read; in the
// fixed program Thread 1 waits for sa.xRead, so xx always ends at z + 1.
const SCENARIOS: Array<[y: number, z: number]> = [
  [0.61, 0], [0.23, 1], [0.75, 2], [0.41, 3], [0.88, 4],
  [0.12, 5], [0.66, 6], [0.34, 7], [0.93, 8], [0.46, 9],
];

beforeEach(() => {
  shared.x = 1;
});

for (const [y, z] of SCENARIOS) {
  test(`Thread 1 and Thread 2 run together (z=${z}, y=${y})`, async () => {
    const sa = new SA(y, z);
    const sb = new SB(sa.xRead);
    await Promise.all([sa.run(), sb.run()]);
    assert.equal(shared.x, -4);
    assert.equal(sa.xx, z + 1, 'func1 read x after Thread 1 had already decreased it');
    assert.equal(sa.z, y > 0.5 ? z + 1 : z);
  });
}
