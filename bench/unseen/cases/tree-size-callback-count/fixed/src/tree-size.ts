import fs from 'node:fs';
import path from 'node:path';

export type Done = (err: NodeJS.ErrnoException | null, bytes?: number) => void;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function once(done: Done): Done {
  let called = false;
  return (err, bytes) => {
    if (called) return;
    called = true;
    done(err, bytes);
  };
}

export function sizeOfTree(dir: string, callback: Done): void {
  const done = once(callback);
  fs.readdir(dir, { withFileTypes: true }, (err, entries) => {
    if (err) return done(err);
    let total = 0;
    let pending = entries.length;
    if (pending === 0) return done(null, 0);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        sizeOfTree(full, (err2, bytes) => {
          if (err2) return done(err2);
          total += bytes!;
          if (--pending === 0) done(null, total);
        });
      } else {
        fs.stat(full, (err2, st) => {
          if (err2) return done(err2);
          total += st.size;
          if (--pending === 0) done(null, total);
        });
      }
    }
  });
}

export function sizeOfTreeAsync(dir: string): Promise<number> {
  return new Promise((resolve, reject) => sizeOfTree(dir, (err, bytes) => (err ? reject(err) : resolve(bytes!))));
}

export function usageReport(dirs: string[], callback: (err: Error | null, lines?: string[]) => void): void {
  const lines: string[] = new Array(dirs.length);
  let left = dirs.length;
  if (left === 0) return callback(null, []);
  dirs.forEach((dir, i) =>
    sizeOfTree(dir, (err, bytes) => {
      if (err) return callback(err);
      lines[i] = `${path.basename(dir)}\t${formatBytes(bytes!)}`;
      if (--left === 0) callback(null, lines);
    }),
  );
}
