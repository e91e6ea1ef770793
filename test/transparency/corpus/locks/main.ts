import { Counter, semaphore, timeout, userLock, lookAlikes } from './src/locks.ts';

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value));

const counter = new Counter();
show('exclusive', [await Promise.all([counter.incrementExclusive('a'), counter.incrementExclusive('b')]), counter.order]);
counter.order.length = 0;
show('manual', [await Promise.all([counter.incrementManually('c'), counter.incrementManually('d')]), counter.order]);
show('failInside', await counter.failInside());
show('syncCallback', await counter.syncCallback());
show('oddCallback', await counter.oddCallback());
show('semaphore', await semaphore());
show('timeout', await timeout());
show('userLock', await userLock());
show('lookAlikes', lookAlikes());
