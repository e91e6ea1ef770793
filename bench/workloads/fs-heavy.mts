// The fs-heavy micro workload of bench/tracing.mjs: 3,000 sync puts and 1,000 async puts in a
// scratch folder, drained every 100 files (~20,000 fs calls).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Spool } from './fs-heavy-subject.mts';

const spool = new Spool(join(tmpdir(), `conlens-bench-fs-${process.pid}`));
let total = 0;
try {
  for (let i = 0; i < 3000; i++) {
    total += spool.put(`f${i % 100}.txt`, `line ${i}\n`);
    if (i % 100 === 99) total += spool.drain();
  }
  for (let i = 0; i < 1000; i++) {
    total += await spool.putAsync(`a${i % 100}.txt`, `async ${i}\n`);
    if (i % 100 === 99) total += spool.drain();
  }
} finally {
  spool.close();
}
console.log(JSON.stringify({ total }));
