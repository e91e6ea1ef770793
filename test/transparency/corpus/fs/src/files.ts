// node:fs in its three forms (callbacks, sync, promises with FileHandles), streams, errors
// (ENOENT, EEXIST, ENOTDIR, invalid arguments), util.promisify, and the identities and shapes of
// the functions themselves. Paths are printed relative to the scratch folder: it differs per run.
import * as fs from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';

const described = (root: string, error: unknown): string => {
  const e = error as NodeJS.ErrnoException;
  return `${e.name} ${e.code ?? '-'} ${e.errno ?? '-'} ${e.syscall ?? '-'} ${String(e.message).split(root).join('<root>')}`;
};

export function shapes(): unknown[] {
  return [
    fs.stat.name, fs.stat.length, fs.statSync.length, fs.readFile.length, fs.exists.name, fsp.readFile.name, fsp.open.length,
    typeof (fs.exists as unknown as Record<symbol, unknown>)[promisify.custom], typeof fs.realpath.native,
    fs.promises === fsp, Object.keys(fs).length > 50, Object.getPrototypeOf(fs.stat) === Function.prototype,
  ];
}

export function callbacks(root: string): Promise<string[]> {
  const out: string[] = [];
  const file = join(root, 'cb.txt');
  return new Promise((done) => {
    fs.stat(file, (error) => {
      out.push(`stat missing: ${described(root, error)}`);
      fs.writeFile(file, 'one', (error) => {
        out.push(`writeFile: ${error}`);
        fs.appendFile(file, '+two', () => {
          fs.readFile(file, 'utf8', (error, text) => {
            out.push(`readFile: ${error} ${text}`);
            fs.mkdir(root, (error) => {
              out.push(`mkdir existing: ${described(root, error)}`);
              fs.readdir(root, (error, names) => {
                out.push(`readdir: ${error} ${names.sort().join(',')}`);
                fs.exists(file, (exists) => {
                  out.push(`exists: ${exists}`);
                  fs.unlink(file, (error) => {
                    out.push(`unlink: ${error}`);
                    done(out);
                  });
                });
              });
            });
          });
        });
      });
    });
  });
}

export function sync(root: string): string[] {
  const out: string[] = [];
  const file = join(root, 'sync.txt');
  fs.writeFileSync(file, 'abc');
  out.push(`read ${fs.readFileSync(file, 'utf8')} exists ${fs.existsSync(file)} size ${fs.statSync(file).size}`);
  try {
    fs.statSync(join(root, 'nope'));
  } catch (error) {
    out.push(`statSync missing: ${described(root, error)}`);
  }
  out.push(`statSync throwIfNoEntry: ${fs.statSync(join(root, 'nope'), { throwIfNoEntry: false })}`);
  try {
    fs.readFileSync(join(file, 'child'));
  } catch (error) {
    out.push(`not a dir: ${described(root, error)}`);
  }
  const fd = fs.openSync(file, 'r+');
  const written = fs.writeSync(fd, 'XY', 1);
  const buffer = Buffer.alloc(3);
  const read = fs.readSync(fd, buffer, 0, 3, 0);
  fs.closeSync(fd);
  out.push(`fd: wrote ${written} read ${read} ${buffer.toString()}`);
  fs.renameSync(file, join(root, 'renamed.txt'));
  fs.copyFileSync(join(root, 'renamed.txt'), join(root, 'copy.txt'));
  fs.mkdirSync(join(root, 'sub/deep'), { recursive: true });
  out.push(`listing ${fs.readdirSync(root).sort().join(',')}`);
  fs.rmSync(join(root, 'sub'), { recursive: true });
  fs.unlinkSync(join(root, 'renamed.txt'));
  fs.unlinkSync(join(root, 'copy.txt'));
  try {
    fs.statSync(42 as unknown as string);
  } catch (error) {
    out.push(`invalid argument: ${(error as NodeJS.ErrnoException).code} ${(error as Error).message.split('\n')[0]}`);
  }
  return out;
}

export async function promises(root: string): Promise<string[]> {
  const out: string[] = [];
  const file = join(root, 'p.txt');
  await writeFile(file, 'first');
  await writeFile(file, 'second');
  await appendFile(file, '!');
  out.push(`readFile ${await readFile(file, 'utf8')}`);
  out.push(`mkdir recursive: ${await mkdir(join(root, 'a/b'), { recursive: true }) === join(root, 'a') ? 'a' : 'other'}`);
  try {
    await mkdir(join(root, 'a'));
  } catch (error) {
    out.push(`mkdir EEXIST: ${described(root, error)}`);
  }
  try {
    await open(join(root, 'missing'), 'r');
  } catch (error) {
    out.push(`open missing: ${described(root, error)}`);
  }
  const handle = await open(file, 'r+');
  out.push(`handle ${typeof handle.fd} ${(await handle.stat()).size}`);
  const { bytesWritten } = await handle.write('S', 0);
  const { bytesRead, buffer } = await handle.read(Buffer.alloc(6), 0, 6, 0);
  await handle.truncate(3);
  out.push(`handle wrote ${bytesWritten} read ${bytesRead} ${buffer.toString()} now ${await handle.readFile({ encoding: 'utf8' })}`);
  await handle.close();
  out.push(`readdir ${(await readdir(root)).sort().join(',')}; stat dir ${(await stat(root)).isDirectory()}`);
  await rm(join(root, 'a'), { recursive: true });
  await rm(file);
  const pending = readFile(join(root, 'gone'));
  out.push(`a promise: ${pending instanceof Promise}`);
  await pending.catch((error) => out.push(`readFile missing: ${described(root, error)}`));
  return out;
}

export async function promisified(root: string): Promise<string[]> {
  const file = join(root, 'pr.txt');
  fs.writeFileSync(file, 'hello');
  const exists = await promisify(fs.exists)(file);
  const size = (await promisify(fs.stat)(file)).size;
  const fd = fs.openSync(file, 'r');
  const { bytesRead, buffer } = await promisify(fs.read)(fd, Buffer.alloc(5), 0, 5, 0);
  fs.closeSync(fd);
  const missing = await promisify(fs.stat)(join(root, 'none')).catch((error) => described(root, error));
  fs.unlinkSync(file);
  return [`exists ${exists} size ${size} read ${bytesRead} ${buffer.toString()}`, `missing ${missing}`];
}

export function streams(root: string): Promise<string[]> {
  const out: string[] = [];
  const file = join(root, 'stream.txt');
  return new Promise((done) => {
    const writer = fs.createWriteStream(file);
    writer.write('line 1\n');
    writer.end('line 2\n', () => {
      const chunks: string[] = [];
      fs.createReadStream(file, 'utf8')
        .on('data', (chunk) => chunks.push(String(chunk)))
        .on('end', () => {
          out.push(`read back ${JSON.stringify(chunks.join(''))}`);
          fs.createReadStream(join(root, 'absent')).on('error', (error) => {
            out.push(`stream error: ${described(root, error)}`);
            fs.unlinkSync(file);
            done(out);
          });
        });
    });
  });
}

/** Ticks: a wrapped call adds none (the plain run's order of callbacks and microtasks stays). */
export async function ticks(root: string): Promise<string[]> {
  const order: string[] = [];
  const file = join(root, 't.txt');
  fs.writeFileSync(file, 't');
  const reading = fs.promises.readFile(file).then(() => order.push('readFile'));
  queueMicrotask(() => order.push('microtask'));
  process.nextTick(() => order.push('nextTick'));
  fs.statSync(file);
  order.push('sync');
  await Promise.resolve().then(() => order.push('then'));
  await reading;
  fs.unlinkSync(file);
  return order;
}
