import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ioChains, loopChains } from '../src/workload.ts';

const cpuMs = (since: NodeJS.CpuUsage): string => {
  const used = process.cpuUsage(since);
  return ((used.user + used.system) / 1000).toFixed(1);
};

void (async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-bench-workload-'));
  try {
    const file = join(dir, 'data.txt');
    writeFileSync(file, 'x'.repeat(4096));
    // Wall time and CPU time (all of the process's threads: the compiler's and the GC's too) of
    // each phase: on a shared machine the CPU time moves less.
    let started = performance.now();
    let cpu = process.cpuUsage();
    await ioChains(file, 400, 8);
    console.log(`WORKLOAD io ${(performance.now() - started).toFixed(1)} ${cpuMs(cpu)}`);
    started = performance.now();
    cpu = process.cpuUsage();
    await loopChains(2000);
    console.log(`WORKLOAD loop ${(performance.now() - started).toFixed(1)} ${cpuMs(cpu)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();
