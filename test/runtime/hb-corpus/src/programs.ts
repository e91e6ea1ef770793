// The happens-before corpus (issue 20): small callback-style programs in the shapes of the
// NodeRacer micro-benchmark. Each writes what runs, in the order it runs, into `log`, and resolves
// once all its callbacks ran; test/hb-corpus.spec.ts holds each one's order checks — orders Node
// guarantees, which no schedule may break. Each starts from a macrotask (`inTurn`): the nextTick
// before promise rule holds in a callback, not inside a promise job.
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import timersPromises from 'node:timers/promises';
import zlib from 'node:zlib';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';

type Log = string[];

/** A promise and a countdown: resolves after `n` calls of the returned function. */
function countdown(n: number): [Promise<void>, () => void] {
  let left = n;
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  return [done, () => { if (--left === 0) resolve(); }];
}

/** Runs `body` in a macrotask of its own (a timer callback). */
function inTurn(body: () => void): void {
  setTimeout(body, 1);
}

// ---- timers --------------------------------------------------------------------------------

export function timeoutFifo(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    for (const name of ['a', 'b', 'c']) setTimeout(() => { log.push(name); end(); }, 5);
  });
  return done;
}

export function timeoutByDelay(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    setTimeout(() => { log.push('slow'); end(); }, 10);
    setTimeout(() => { log.push('fast'); end(); }, 1);
  });
  return done;
}

export function timeoutMixedDelays(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    setTimeout(() => { log.push('a2'); end(); }, 2);
    setTimeout(() => { log.push('b2'); end(); }, 2);
    setTimeout(() => { log.push('c1'); end(); }, 1);
  });
  return done;
}

export function timeoutCleared(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    const victim = setTimeout(() => log.push('victim'), 20);
    setTimeout(() => { clearTimeout(victim); log.push('cleared'); end(); }, 1);
    setTimeout(() => { log.push('end'); end(); }, 40);
  });
  return done;
}

export function intervalTicks(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    let n = 0;
    const interval = setInterval(() => {
      log.push(`tick${++n}`);
      if (n === 3) { clearInterval(interval); end(); }
    }, 2);
    setImmediate(() => { log.push('immediate'); end(); });
  });
  return done;
}

export function intervalVsTimeout(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    let n = 0;
    const interval = setInterval(() => {
      log.push(`tick${++n}`);
      if (n === 2) { clearInterval(interval); end(); }
    }, 3);
    setTimeout(() => { log.push('timeout'); end(); }, 4);
  });
  return done;
}

export function intervalClearsItself(log: Log): Promise<void> {
  const [done, end] = countdown(1);
  inTurn(() => {
    let n = 0;
    const interval = setInterval(() => {
      log.push(`tick${++n}`);
      if (n === 2) clearInterval(interval);
    }, 1);
    setTimeout(() => { log.push('later'); end(); }, 30);
  });
  return done;
}

export function nestedTimeouts(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    setTimeout(() => {
      log.push('outer');
      end();
      setTimeout(() => { log.push('inner'); end(); }, 1);
    }, 1);
    setTimeout(() => { log.push('sibling'); end(); }, 1);
  });
  return done;
}

export function timeoutArguments(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    setTimeout((x: string, y: string) => { log.push(`${x}${y}`); end(); }, 1, 'a', 'b');
    setTimeout(function (this: unknown) { log.push(typeof this === 'object' && this !== null ? 'this-timeout' : 'no-this'); end(); }, 1);
  });
  return done;
}

// ---- immediates ----------------------------------------------------------------------------

export function immediateFifo(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    for (const name of ['a', 'b', 'c']) setImmediate(() => { log.push(name); end(); });
  });
  return done;
}

export function immediateNested(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    setImmediate(() => {
      log.push('a');
      end();
      setImmediate(() => { log.push('c'); end(); });
    });
    setImmediate(() => { log.push('b'); end(); });
  });
  return done;
}

export function immediateCleared(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    setImmediate((x: string) => { log.push(x); end(); }, 'arg');
    const victim = setImmediate(() => log.push('victim'));
    clearImmediate(victim);
    setImmediate(() => { log.push('last'); end(); });
  });
  return done;
}

export function immediateBeforeLaterTimer(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    setImmediate(() => { log.push('immediate'); end(); });
    setTimeout(() => { log.push('timer'); end(); }, 0);
  });
  return done;
}

// ---- microtasks ----------------------------------------------------------------------------

export function tickBeforePromise(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    void Promise.resolve().then(() => { log.push('promise'); end(); });
    process.nextTick(() => { log.push('tick'); end(); });
  });
  return done;
}

export function tickFifo(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    for (const name of ['a', 'b', 'c']) process.nextTick(() => { log.push(name); end(); });
  });
  return done;
}

export function microtaskFifo(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    queueMicrotask(() => { log.push('a'); end(); });
    void Promise.resolve().then(() => { log.push('b'); end(); });
    queueMicrotask(() => { log.push('c'); end(); });
  });
  return done;
}

export function thenChainsInterleave(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    void Promise.resolve().then(() => { log.push('p1'); }).then(() => { log.push('p2'); end(); });
    void Promise.resolve().then(() => { log.push('q1'); end(); });
    void Promise.resolve().then(() => end());
  });
  return done;
}

export function tickInsidePromise(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    void Promise.resolve().then(() => {
      log.push('a');
      end();
      process.nextTick(() => { log.push('tick'); end(); });
      void Promise.resolve().then(() => { log.push('b'); end(); });
    });
  });
  return done;
}

export function finallyAndCatch(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    void Promise.resolve(1).finally(() => log.push('finally')).then((v) => { log.push(`then${v}`); end(); });
    void Promise.reject(new Error('x')).catch((e: Error) => log.push(`catch ${e.message}`)).finally(() => { log.push('finally2'); end(); });
  });
  return done;
}

export function tickBeforeImmediate(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    setImmediate(() => { log.push('immediate'); end(); });
    process.nextTick(() => { log.push('tick'); end(); });
    queueMicrotask(() => { log.push('microtask'); end(); });
  });
  return done;
}

export function promiseBeforeTimer(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    setTimeout(() => { log.push('timer'); end(); }, 0);
    void Promise.resolve().then(() => { log.push('promise'); end(); });
  });
  return done;
}

// ---- file system ---------------------------------------------------------------------------

export function fsWriteThenRead(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(1);
  const file = join(dir, 'a.txt');
  fs.writeFile(file, 'hello', () => {
    log.push('written');
    fs.readFile(file, 'utf8', (_err, data) => { log.push(`read ${data}`); end(); });
  });
  return done;
}

export function fsTwoReads(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(2);
  fs.writeFileSync(join(dir, 'x.txt'), 'x');
  fs.writeFileSync(join(dir, 'y.txt'), 'y');
  fs.readFile(join(dir, 'x.txt'), 'utf8', (_e, data) => { log.push(`read ${data}`); end(); });
  fs.readFile(join(dir, 'y.txt'), 'utf8', (_e, data) => { log.push(`read ${data}`); end(); });
  return done;
}

export function fsMkdirThenStat(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(2);
  const sub = join(dir, `sub-${Math.random().toString(36).slice(2)}`);
  fs.mkdir(sub, () => {
    log.push('made');
    fs.stat(sub, (err, stat) => { log.push(err ? 'missing' : stat.isDirectory() ? 'dir' : 'other'); end(); });
  });
  setImmediate(() => { log.push('immediate'); end(); });
  return done;
}

export function fsCallbackSchedulesImmediate(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(2);
  fs.stat(dir, () => {
    log.push('io');
    setTimeout(() => { log.push('timer'); end(); }, 0);
    setImmediate(() => { log.push('immediate'); end(); });
  });
  return done;
}

export function readStreamEvents(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(1);
  const file = join(dir, 'stream.txt');
  fs.writeFileSync(file, 'x'.repeat(200_000));
  const stream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
  stream.on('open', () => log.push('open'));
  stream.on('data', (chunk) => log.push(`data ${chunk.length}`));
  stream.on('end', () => log.push('end'));
  stream.on('close', () => { log.push('close'); end(); });
  return done;
}

export function writeStreamFinish(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(1);
  const stream = fs.createWriteStream(join(dir, 'out.txt'));
  stream.on('finish', () => log.push('finish'));
  stream.on('close', () => { log.push('close'); end(); });
  for (let i = 0; i < 3; i++) stream.write(`line ${i}\n`, () => log.push(`written ${i}`));
  stream.end();
  return done;
}

export function lateEndListener(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(1);
  const file = join(dir, 'late.txt');
  fs.writeFileSync(file, 'late');
  const stream = fs.createReadStream(file);
  stream.on('data', () => {
    log.push('data');
    log.push('added');
    stream.on('end', () => log.push('end'));
  });
  stream.on('close', () => { log.push('close'); end(); });
  return done;
}

// ---- emitters ------------------------------------------------------------------------------

export function emitterSynchronous(log: Log): Promise<void> {
  const [done, end] = countdown(1);
  const emitter = new EventEmitter();
  emitter.on('ping', (n: number) => log.push(`listener ${n}`));
  inTurn(() => {
    log.push('before');
    emitter.emit('ping', 1);
    log.push('after');
    setImmediate(() => { emitter.emit('ping', 2); log.push('after2'); end(); });
  });
  return done;
}

export function emitterOnce(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(1);
  const file = join(dir, 'once.txt');
  fs.writeFileSync(file, 'y'.repeat(150_000));
  const stream = fs.createReadStream(file, { highWaterMark: 16 * 1024 });
  stream.once('data', () => log.push('once'));
  stream.on('data', () => log.push('data'));
  stream.on('close', () => { log.push('close'); end(); });
  return done;
}

export function emitterRemoved(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(1);
  const file = join(dir, 'removed.txt');
  fs.writeFileSync(file, 'z'.repeat(150_000));
  const stream = fs.createReadStream(file, { highWaterMark: 16 * 1024 });
  let chunks = 0;
  const counter = () => {
    chunks++;
    log.push(`counted ${chunks}`);
    if (chunks === 2) { stream.off('data', counter); log.push('removed'); }
  };
  stream.on('data', counter);
  stream.on('data', () => log.push('data'));
  stream.on('close', () => { log.push('close'); end(); });
  return done;
}

// ---- network -------------------------------------------------------------------------------

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

export async function httpSequentialRequests(log: Log): Promise<void> {
  let n = 0;
  const server = http.createServer((req, res) => {
    const id = ++n;
    log.push(`request ${id}`);
    req.on('data', () => log.push(`body ${id}`));
    req.on('end', () => { log.push(`end ${id}`); res.end(`ok ${id}`); });
  });
  const port = await listen(server);
  for (let i = 1; i <= 2; i++) {
    const text = await post(port, `payload ${i}`);
    log.push(`response ${text}`);
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

function post(port: number, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ port, host: '127.0.0.1', method: 'POST', agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function httpConcurrentRequests(log: Log): Promise<void> {
  let n = 0;
  const server = http.createServer((req, res) => {
    const id = req.url!.slice(1);
    n++;
    log.push(`request ${id}`);
    req.resume();
    req.on('end', () => { log.push(`end ${id}`); res.end(id); });
  });
  const port = await listen(server);
  const get = (id: string) => new Promise<string>((resolve) => {
    http.get({ port, host: '127.0.0.1', path: `/${id}`, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c));
      res.on('end', () => resolve(text));
    });
  });
  const results = await Promise.all([get('a'), get('b')]);
  log.push(`responses ${results.join(',')} after ${n}`);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function socketDataBeforeEnd(log: Log): Promise<void> {
  const [closed, end] = countdown(1);
  const server = net.createServer((socket) => {
    log.push('connection');
    socket.on('data', (d: Buffer) => log.push(`data ${d.toString()}`));
    socket.on('end', () => { log.push('end'); socket.end(); });
    socket.on('close', () => { log.push('close'); end(); });
  });
  const port = await listen(server);
  const client = net.connect(port, '127.0.0.1', () => client.end('hi'));
  client.resume();
  await closed;
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

// ---- mixed ---------------------------------------------------------------------------------

export function timerVsTickVsImmediate(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    setTimeout(() => { log.push('timer'); end(); }, 0);
    setImmediate(() => { log.push('immediate'); end(); });
    process.nextTick(() => { log.push('tick'); end(); });
  });
  return done;
}

export function racingSources(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(4);
  inTurn(() => {
    setTimeout(() => { log.push('t1'); end(); }, 1);
    setTimeout(() => { log.push('t2'); end(); }, 1);
    setImmediate(() => { log.push('i'); end(); });
    fs.stat(dir, () => { log.push('io'); end(); });
  });
  return done;
}

export function sharedCounterCallbacks(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(2);
  const state = { n: 0 };
  // Each visit reads the counter, then writes it back in an I/O callback: a race (both orders
  // are Node's).
  const visit = (name: string) => {
    const seen = state.n;
    fs.stat(dir, () => { state.n = seen + 1; log.push(`${name} wrote ${state.n}`); end(); });
  };
  inTurn(() => visit('a'));
  setTimeout(() => visit('b'), 3);
  return done;
}

// ---- cancelling by id, async context -------------------------------------------------------------

export function timeoutClearedById(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    const id = +setTimeout(() => log.push('victim'), 20);
    setTimeout(() => { clearTimeout(id); log.push('cleared'); end(); }, 1);
    setTimeout(() => { log.push('end'); end(); }, 40);
  });
  return done;
}

export function intervalClearedByPrimitive(log: Log): Promise<void> {
  const [done, end] = countdown(1);
  inTurn(() => {
    let n = 0;
    const interval = setInterval(() => {
      log.push(`tick${++n}`);
      if (n === 2) clearInterval(String(interval[Symbol.toPrimitive]()) as unknown as number);
    }, 1);
    setTimeout(() => { log.push('later'); end(); }, 30);
  });
  return done;
}

export function asyncContextInCallbacks(log: Log, dir: string): Promise<void> {
  const [done, end] = countdown(8);
  const store = new AsyncLocalStorage<string>();
  const seen = (what: string) => { log.push(`${what} ${store.getStore()}`); end(); };
  inTurn(() => {
    for (const request of ['a', 'b']) {
      store.run(request, () => {
        setTimeout(() => seen('timer'), 1);
        setImmediate(() => seen('immediate'));
        fs.stat(dir, () => seen('stat'));
        void Promise.resolve().then(() => seen('then'));
      });
    }
  });
  return done;
}

// ---- dns, child processes, zlib, crypto ------------------------------------------------------------

export function dnsTwoLookups(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    for (const name of ['x', 'y']) dns.lookup('localhost', (err) => { log.push(`lookup ${name} ${err ? 'failed' : 'ok'}`); end(); });
    setImmediate(() => { log.push('immediate'); end(); });
  });
  return done;
}

export function childExitBeforeCallback(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    const child = execFile(process.execPath, ['-e', 'process.stdout.write("hi")'], (err, stdout) => {
      log.push(`callback ${err ? 'failed' : stdout}`);
      end();
    });
    child.on('exit', (code) => log.push(`exit ${code}`));
    child.on('close', () => { log.push('close'); end(); });
  });
  return done;
}

export function zlibRoundTrip(log: Log): Promise<void> {
  const [done, end] = countdown(2);
  inTurn(() => {
    zlib.gzip('hello', (err, packed) => {
      log.push('packed');
      zlib.gunzip(packed, (err2, text) => { log.push(`unpacked ${text}`); end(); });
    });
    zlib.deflate('other', () => { log.push('deflated'); end(); });
  });
  return done;
}

export function cryptoCallbacks(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    crypto.randomBytes(8, (err, bytes) => { log.push(`bytes ${bytes.length}`); end(); });
    crypto.pbkdf2('secret', 'salt', 1, 16, 'sha256', (err, key) => { log.push(`key ${key.length}`); end(); });
    setTimeout(() => { log.push('timer'); end(); }, 1);
  });
  return done;
}

// ---- promise forms ------------------------------------------------------------------------------

export async function fsPromisesWriteThenRead(log: Log, dir: string): Promise<void> {
  const file = join(dir, 'promised.txt');
  await fsp.writeFile(file, 'first');
  log.push('written');
  const [a, b] = await Promise.all([fsp.readFile(file, 'utf8'), fsp.stat(file)]);
  log.push(`read ${a} ${b.size}`);
}

export function timersPromisesByDelay(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    void timersPromises.setTimeout(10).then(() => { log.push('slow'); end(); });
    void timersPromises.setTimeout(1).then(() => { log.push('fast'); end(); });
    setTimeout(() => { log.push('callback 5'); end(); }, 5);
  });
  return done;
}

export function timersPromisesImmediateFifo(log: Log): Promise<void> {
  const [done, end] = countdown(3);
  inTurn(() => {
    setImmediate(() => { log.push('a'); end(); });
    void timersPromises.setImmediate().then(() => { log.push('b'); end(); });
    setImmediate(() => { log.push('c'); end(); });
  });
  return done;
}

export async function dnsPromisesAndStat(log: Log, dir: string): Promise<void> {
  const [looked, stat] = await Promise.all([
    dnsPromises.lookup('localhost').then(() => 'ok', () => 'failed'),
    new Promise<string>((resolve) => fs.stat(dir, (err) => resolve(err ? 'failed' : 'ok'))),
  ]);
  log.push(`lookup ${looked}`, `stat ${stat}`);
}

export async function streamPipelineFinished(log: Log): Promise<void> {
  const chunks: string[] = [];
  const sink = new Writable({ write(chunk, _enc, next) { chunks.push(String(chunk)); next(); } });
  sink.on('finish', () => log.push('finish'));
  await pipeline(Readable.from(['a', 'b', 'c']), sink);
  log.push(`piped ${chunks.join('')}`);
}
