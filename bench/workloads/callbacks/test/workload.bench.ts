import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ioChains, loopChains } from '../src/workload.ts';

void (async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-bench-workload-'));
  try {
    const file = join(dir, 'data.txt');
    writeFileSync(file, 'x'.repeat(4096));
    let started = performance.now();
    await ioChains(file, 400, 8);
    console.log(`WORKLOAD io ${(performance.now() - started).toFixed(1)}`);
    started = performance.now();
    await loopChains(2000);
    console.log(`WORKLOAD loop ${(performance.now() - started).toFixed(1)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();
