'use strict';

function windowKey(client, now, windowMs) {
  return 'rl:' + client + ':' + Math.floor(now / windowMs);
}

function RateLimiter(store, options) {
  this.store = store;
  this.limit = options.limit;
  this.windowMs = options.windowMs || 60000;
  this.clock = options.clock || Date.now;
}

RateLimiter.prototype.keyFor = function (client) {
  return windowKey(client, this.clock(), this.windowMs);
};

RateLimiter.prototype.tryAcquire = function (client) {
  const store = this.store;
  const limit = this.limit;
  const key = this.keyFor(client);
  return store.get(key).then(function (count) {
    if (count >= limit) return false;
    return store.set(key, count + 1).then(function () {
      return true;
    });
  });
};

RateLimiter.prototype.remaining = function (client) {
  const limit = this.limit;
  return this.store.get(this.keyFor(client)).then(function (count) {
    return Math.max(0, limit - count);
  });
};

module.exports = { RateLimiter, windowKey };
