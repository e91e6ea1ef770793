// Callback-heavy workloads for bench/callbacks.mjs: every callback is one the program registers,
// so under the scheduler each is a scheduling point (macrotasks parked and decided, microtasks
// one-candidate decisions).
import fs from 'node:fs';

/** `total` chains, `width` at a time: stat → readFile → setImmediate → then → nextTick. */
export function ioChains(file: string, total: number, width: number): Promise<number> {
  let started = 0;
  let finished = 0;
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const next = (): void => {
      if (started === total) return;
      started++;
      fs.stat(file, (err) => {
        if (err) return reject(err);
        fs.readFile(file, (err2, data) => {
          if (err2) return reject(err2);
          setImmediate(() => {
            void Promise.resolve(data.length).then((n) => {
              process.nextTick(() => {
                bytes += n;
                if (++finished === total) resolve(bytes);
                else next();
              });
            });
          });
        });
      });
    };
    for (let i = 0; i < width; i++) next();
  });
}

/** `total` chains of setImmediate → then → nextTick, four at a time, no I/O. */
export function loopChains(total: number): Promise<number> {
  let started = 0;
  let finished = 0;
  return new Promise((resolve) => {
    const next = (): void => {
      if (started === total) return;
      started++;
      setImmediate(() => {
        void Promise.resolve(started).then(() => {
          process.nextTick(() => {
            if (++finished === total) resolve(finished);
            else next();
          });
        });
      });
    };
    for (let i = 0; i < 4; i++) next();
  });
}
