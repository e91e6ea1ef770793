'use strict';

/** A FIFO mutex: release() hands the lock straight to the next waiter, if any. */
class Mutex {
  constructor() {
    this.locked = false;
    this.waiters = [];
  }

  acquire() {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release() {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }

  get pending() {
    return this.waiters.length;
  }
}

module.exports = { Mutex };
