'use strict';

/** A Redis-like counter store reached over the network (simulated latency). */
function CounterStore(latencyMs) {
  this.counts = new Map();
  this.latencyMs = latencyMs === undefined ? 2 : latencyMs;
}

CounterStore.prototype.delay = function () {
  const ms = this.latencyMs;
  return new Promise(function (resolve) {
    setTimeout(resolve, ms);
  });
};

CounterStore.prototype.get = function (key) {
  const self = this;
  return self.delay().then(function () {
    return self.counts.get(key) || 0;
  });
};

CounterStore.prototype.set = function (key, value) {
  const self = this;
  return self.delay().then(function () {
    self.counts.set(key, value);
  });
};

CounterStore.prototype.incr = function (key) {
  const self = this;
  return self.delay().then(function () {
    const next = (self.counts.get(key) || 0) + 1;
    self.counts.set(key, next);
    return next;
  });
};

module.exports = { CounterStore };
