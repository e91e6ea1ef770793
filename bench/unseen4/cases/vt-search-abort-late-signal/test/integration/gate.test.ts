import { describe, expect, it } from 'vitest';
import { RateGate, SearchApi } from '../../src/api';
import { SearchClient } from '../../src/client';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('rate gate under concurrent callers', () => {
  it('callers arriving together pass spaced apart', async () => {
    const gate = new RateGate(5);
    const passed: number[] = [];
    await sleep(1); // start on a fresh event-loop turn: timers count from the loop's cached time
    await Promise.all([1, 2, 3, 4, 5].map(() => gate.pass().then(() => passed.push(Date.now()))));
    expect(passed).toHaveLength(5);
    expect(Math.max(...passed) - Math.min(...passed)).toBeGreaterThanOrEqual(15);
  });

  it('two clients sharing one gate both get their results', async () => {
    const api = new SearchApi(4);
    const gate = new RateGate(2);
    const [a, b] = [new SearchClient(api, gate), new SearchClient(api, gate)];
    const results = await Promise.all([a.search('ke'), b.search('la')]);
    expect(results.map((r) => r.hits.length)).toEqual([5, 3]);
    expect(api.aborted).toBe(0);
  });
});
