import { log, Temperature, Branded, readTwice, describeClass, sumValues, tryBroken, useCounter } from './src/accessors.ts';
import { logging, Bag, fillBag, pushAll, applyTwice, loadProxy, readRevoked, touchRevoked, throwProxy, releaseIt, hasKey, keysOf } from './src/proxies.ts';
import { failNoisy, failTouchy, failNoisyLater, NoisyError, TouchyError } from './src/noisy-errors.ts';

function flush(step: string): void {
  console.log(`${step}: ${log.join(' | ')}`);
  log.length = 0;
}

const t = Temperature.create(100);
flush('create');
console.log('readTwice', readTwice(t), t.reads);
flush('readTwice');
const withGetters = { get a() { log.push('get a'); return 1; }, get b() { log.push('get b'); return 2; } };
console.log('sumValues', sumValues(withGetters));
flush('sumValues');
console.log('tryBroken', tryBroken(t));
console.log('useCounter', useCounter().join(','));

const bagProxy = logging(new Bag(), 'bag');
console.log('fillBag', fillBag(bagProxy));
flush('fillBag');
const listProxy = logging([9], 'list');
console.log('pushAll', pushAll(listProxy, 1, 5));
flush('pushAll');
const fnProxy = logging(function double(x: number) { return x * 2; }, 'fn');
console.log('applyTwice', applyTwice(fnProxy, 3));
flush('applyTwice');
const loaded = await loadProxy();
flush('loadProxy');
console.log('loaded.v', loaded.v);
flush('loaded.v');
const { proxy: revoked, revoke } = Proxy.revocable(() => 1, {});
revoke();
console.log('readRevoked', readRevoked(revoked));
const { proxy: revokedObject, revoke: revoke2 } = Proxy.revocable({}, {});
revoke2();
console.log('readRevoked object', readRevoked(revokedObject));
console.log('touchRevoked', touchRevoked(revokedObject).join(' / '));
try {
  throwProxy();
} catch (error) {
  flush('throwProxy caught');
  console.log('throwProxy message', (error as Error).message);
  flush('throwProxy message');
}
console.log('releaseIt', releaseIt(logging(new Bag(), 'lock-like')));
flush('releaseIt');
console.log('hasKey', hasKey(logging({ k: 1 }, 'h'), 'k'));
flush('hasKey');
console.log('keysOf', keysOf(logging({ x: 1, y: 2 }, 'k')).join(','));
flush('keysOf');

try {
  failNoisy();
} catch (error) {
  flush('failNoisy caught');
  console.log('failNoisy', error instanceof NoisyError, (error as Error).name);
  flush('failNoisy name');
}
try {
  failTouchy();
} catch (error) {
  console.log('failTouchy', error instanceof TouchyError);
}
await failNoisyLater().catch((error: unknown) => {
  flush('failNoisyLater caught');
  console.log('failNoisyLater', (error as Error).name);
});
console.log('describeClass', describeClass(Branded));
flush('describeClass');
console.log('Branded.make', Branded.make() instanceof Branded);
flush('Branded.make');
flush('end');
